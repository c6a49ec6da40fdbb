import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type {
  Attachment,
  AttachmentList,
  AttachmentUsage,
} from '@nestbox/shared/attachments/attachments.schema';
import type { ItemHistoryPage } from '@nestbox/shared/history/history.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { messagesFr } from '@nestbox/shared/i18n/messages.fr';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteRunner } from '../../db/run-write.js';
import { createDomainEvents } from '../../events/domain-events.js';
import { apiCalls } from '../../test/api-calls.js';
import { pngOf, rawUpload, storedFiles, uploadFile } from '../../test/attachments.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { connect, nextEvent } from '../../test/socket-client.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { createAccessService } from '../access/access.service.js';
import { createDiskStore } from './attachment-store.js';
import { createAttachmentsService, SWEEP_AFTER_MS } from './attachments.service.js';

const MB = 1024 * 1024;
const NOW = Date.parse('2027-05-04T09:00:00Z');

describe(`attachments on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let editor: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let ids: { Garden: string; 'Sow the beans': string; 'Water the roses': string };

  beforeAll(async () => {
    t = await buildTestApp({
      now: () => NOW,
      env: { NESTBOX_ATTACHMENT_MAX_MB: '1', NESTBOX_ATTACHMENT_QUOTA_MB: '2' },
    });
    ({ owner, editor, reader, stranger } = await createSharingCast(t));
    ids = await tree(t, owner, { Garden: ['Sow the beans', 'Water the roses'] });
    await share(t, owner, ids.Garden, [
      [editor, 'editor'],
      [reader, 'readonly'],
    ]);
  });
  afterAll(() => t.close());

  const { send, ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  const attach = async (
    itemId: string,
    bytes: Uint8Array | string,
    name: string,
    who = owner,
    type?: string,
  ) => {
    const res = await uploadFile(t, who.token, itemId, bytes, name, type);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Attachment;
  };
  const listOf = async (itemId: string, who = owner) =>
    (await ok<AttachmentList>('GET', `/api/items/${itemId}/attachments`, undefined, who.token)).attachments;
  const download = (id: string, who = owner) =>
    send('GET', `/api/attachments/${id}/content`, undefined, who.token);
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error.code;
  const rowsNamed = (name: string) =>
    t.database.db.selectFrom('attachments').select('id').where('name', '=', name).execute();
  const files = () => storedFiles(t.config.dataDir);

  it('lets an editor attach a file that everyone who sees the item lists and downloads as it was', async () => {
    const itemId = ids['Sow the beans'];
    const png = await pngOf(400, 200);
    const attached = await attach(itemId, png, 'seed tray.png', editor, 'image/png');
    expect(attached).toMatchObject({
      itemId,
      name: 'seed tray.png',
      type: 'image/png',
      size: png.length,
      createdAt: NOW,
      uploader: { id: editor.id, name: editor.name },
      inline: true,
      thumbnail: true,
      canDelete: true,
    });
    const notes = await attach(itemId, 'Sow 2 cm deep\n', 'notes.txt', owner, 'text/plain');
    expect(notes).toMatchObject({ type: 'text/plain', inline: false, thumbnail: false });

    const seen = await listOf(itemId, reader);
    expect(seen.map((a) => [a.name, a.canDelete])).toEqual([
      ['seed tray.png', false],
      ['notes.txt', false],
    ]);
    expect((await listOf(itemId, owner)).map((a) => a.canDelete)).toEqual([true, true]);

    const res = await download(attached.id, reader);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(png.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="seed tray.png"; filename*=UTF-8''seed%20tray.png`,
    );

    const thumb = await send('GET', `/api/attachments/${attached.id}/thumbnail`, undefined, reader.token);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
    expect((await send('GET', `/api/attachments/${notes.id}/thumbnail`)).status).toBe(404);

    const history = await ok<ItemHistoryPage>('GET', `/api/items/${itemId}/history`);
    expect(history.events.filter((e) => e.kind === 'attached').map((e) => e.actor?.id)).toEqual([
      owner.id,
      editor.id,
    ]);
  });

  it('takes the type from the bytes, never from the client, and shows no SVG inline', async () => {
    const itemId = ids['Water the roses'];
    const disguised = await attach(itemId, await pngOf(8, 8), 'x.txt', editor, 'text/plain');
    expect(disguised).toMatchObject({ name: 'x.txt', type: 'image/png', inline: true });

    // Past the size from which the app compresses its answers.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script>${'<g/>'.repeat(400)}</svg>`;
    const drawing = await attach(itemId, svg, 'logo.svg', editor, 'image/svg+xml');
    expect(drawing).toMatchObject({ type: 'image/svg+xml', inline: false, thumbnail: false });
    const res = await download(drawing.id);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    // Text is sent as it is stored, never compressed, with its length.
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(svg.length));
    expect(await res.text()).toBe(svg);

    const binary = await attach(itemId, new Uint8Array([0, 1, 2, 3, 255]), 'blob', editor, 'image/png');
    expect(binary).toMatchObject({ type: 'application/octet-stream', inline: false });
  });

  it('keeps an upload whose picture would unpack too large, without a thumbnail', async () => {
    // 9000 × 9000 pixels of one colour: a small file, 81 million pixels once decoded.
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MB);
    const attached = await attach(ids['Sow the beans'], bomb, 'bomb.png', owner, 'image/png');
    expect(attached).toMatchObject({ type: 'image/png', thumbnail: false, size: bomb.length });
    expect(files()).toContain(attached.id);
    expect(files()).not.toContain(`${attached.id}.thumb`);
  });

  it('cleans a name of its path and control characters, and never uses it as a path', async () => {
    const itemId = ids['Water the roses'];
    const res = await rawUpload(t, owner.token, itemId, 'plain', '../../etc/pa\u0001ss\u0007wd ');
    expect(res.status).toBe(201);
    expect(((await res.json()) as Attachment).name).toBe('passwd');
    const backslashes = await rawUpload(t, owner.token, itemId, 'plain', '..\\\\..\\\\boot.ini');
    expect(((await backslashes.json()) as Attachment).name).toBe('boot.ini');
    const nothing = await rawUpload(t, owner.token, itemId, 'plain', '\u0001/');
    expect(((await nothing.json()) as Attachment).name).toBe('file');
    const accents = await attach(itemId, 'x', 'Élève «1».txt');
    const got = await download(accents.id);
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="_l_ve _1_.txt"; filename*=UTF-8''%C3%89l%C3%A8ve%20%C2%AB1%C2%BB.txt`,
    );
    expect(existsSync(path.join(t.config.dataDir, 'etc'))).toBe(false);
    expect(files().every((name) => /^[\w-]+(\.thumb)?$/.test(name))).toBe(true);
  });

  it('lets a read-only member download but not attach, and a stranger nothing at all', async () => {
    const itemId = ids['Sow the beans'];
    const [first] = await listOf(itemId);
    const refused = await uploadFile(t, reader.token, itemId, 'mine', 'mine.txt');
    expect(refused.status).toBe(403);
    expect((await rowsNamed('mine.txt')).length).toBe(0);
    expect((await download(first?.id as string, reader)).status).toBe(200);

    for (const [method, route] of [
      ['GET', `/api/items/${itemId}/attachments`],
      ['GET', `/api/attachments/${first?.id}/content`],
      ['GET', `/api/attachments/${first?.id}/thumbnail`],
      ['DELETE', `/api/attachments/${first?.id}`],
    ] as const) {
      const res = await send(method, route, undefined, stranger.token);
      expect(res.status, `${method} ${route}`).toBe(404);
    }
    expect((await uploadFile(t, stranger.token, itemId, 'x', 'x.txt')).status).toBe(404);
    // An attachment that never existed reads the same as one on an unseen item.
    const gone = await download(crypto.randomUUID());
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toBe('attachments.notFound');
    expect((await send('GET', `/api/items/${itemId}/attachments`, undefined, '')).status).toBe(401);
  });

  it('refuses a member removed from the box at once', async () => {
    const { Shed, 'Oil the hinges': inner } = await tree(t, owner, { Shed: ['Oil the hinges'] });
    await share(t, owner, Shed, [[editor, 'editor']]);
    const theirs = await attach(inner, 'hinges', 'hinges.txt', editor);
    expect((await download(theirs.id, editor)).status).toBe(200);
    await ok('DELETE', `/api/items/remove-association?itemId=${Shed}&userId=${editor.id}`);
    expect((await download(theirs.id, editor)).status).toBe(404);
    expect((await send('DELETE', `/api/attachments/${theirs.id}`, undefined, editor.token)).status).toBe(404);
  });

  it('refuses a file over the limit (413) and an empty one (400), storing nothing', async () => {
    const itemId = ids['Water the roses'];
    const before = files();
    const big = await uploadFile(t, editor.token, itemId, new Uint8Array(MB + 1), 'big.bin');
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toBe('attachments.tooLarge');
    const french = await t.request(`/api/items/${itemId}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor.token}`, 'accept-language': 'fr' },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(0)]), 'empty.txt');
        return form;
      })(),
    });
    expect(french.status).toBe(400);
    expect(((await french.json()) as ErrorBody).error).toMatchObject({
      code: 'attachments.emptyFile',
      message: messagesFr['attachments.emptyFile'],
    });
    expect(await rowsNamed('big.bin')).toEqual([]);
    expect(await rowsNamed('empty.txt')).toEqual([]);
    expect(files()).toEqual(before);
    // Exactly the limit is allowed.
    await attach(itemId, new Uint8Array(MB).fill(7), 'exact.bin', editor);
  });

  it('asks for a multipart body with a file in the field `file`', async () => {
    const itemId = ids['Water the roses'];
    const json = await send('POST', `/api/items/${itemId}/attachments`, { file: 'x' }, editor.token);
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('note', 'no file here');
    const fieldOnly = await t.request(`/api/items/${itemId}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor.token}` },
      body: form,
    });
    expect(fieldOnly.status).toBe(400);
    expect(await errorOf(fieldOnly)).toBe('attachments.noFile');
    const elsewhere = new FormData();
    elsewhere.append('upload', new Blob(['misplaced']), 'misplaced.txt');
    const wrongField = await t.request(`/api/items/${itemId}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor.token}` },
      body: elsewhere,
    });
    expect(wrongField.status).toBe(400);
    expect(await rowsNamed('misplaced.txt')).toEqual([]);
  });

  it('refuses a file that does not fit in what is left of the quota, storing nothing', async () => {
    const filler = await createSignedInUser(t);
    const { Crate } = await tree(t, filler, { Crate: [] });
    await attach(Crate, new Uint8Array(MB).fill(1), 'one.bin', filler);
    await attach(Crate, new Uint8Array(900 * 1024).fill(2), 'two.bin', filler);
    const before = files();
    const res = await uploadFile(t, filler.token, Crate, new Uint8Array(200 * 1024).fill(3), 'three.bin');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe('attachments.quotaFull');
    expect(await rowsNamed('three.bin')).toEqual([]);
    expect(files()).toEqual(before);
    const usage = await ok<AttachmentUsage>('GET', '/api/users/attachments-usage', undefined, filler.token);
    expect(usage).toEqual({ used: MB + 900 * 1024, quota: 2 * MB, maxFile: MB });
  });

  it('lets only one of two racing uploads fill the last of the quota, removing the other’s file', async () => {
    const racer = await createSignedInUser(t);
    const { Race } = await tree(t, racer, { Race: [] });
    await attach(Race, new Uint8Array(MB / 2).fill(1), 'start.bin', racer);
    const before = files();
    const answers = await Promise.all(
      ['first.bin', 'second.bin'].map((name) =>
        uploadFile(t, racer.token, Race, new Uint8Array(MB).fill(2), name),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 413]);
    const refused = answers.find((res) => res.status === 413) as Response;
    expect(await errorOf(refused)).toBe('attachments.quotaFull');
    expect(files().length).toBe(before.length + 1);
    const usage = await ok<AttachmentUsage>('GET', '/api/users/attachments-usage', undefined, racer.token);
    expect(usage.used).toBe(MB + MB / 2);
  });

  it('lets the uploader or an owner delete, not another editor, and removes the files', async () => {
    const itemId = ids['Water the roses'];
    const theirs = await attach(itemId, await pngOf(20, 20), 'del.png', editor);
    const other = await createSignedInUser(t);
    await share(t, owner, ids.Garden, [[other, 'editor']]);
    const refused = await send('DELETE', `/api/attachments/${theirs.id}`, undefined, other.token);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('attachments.notYours');
    expect((await send('DELETE', `/api/attachments/${theirs.id}`, undefined, reader.token)).status).toBe(403);
    expect(files()).toEqual(expect.arrayContaining([theirs.id, `${theirs.id}.thumb`]));

    expect((await send('DELETE', `/api/attachments/${theirs.id}`, undefined, editor.token)).status).toBe(204);
    expect(files()).not.toContain(theirs.id);
    expect(files()).not.toContain(`${theirs.id}.thumb`);
    expect((await download(theirs.id)).status).toBe(404);

    const byOwner = await attach(itemId, 'x', 'owned.txt', editor);
    expect((await send('DELETE', `/api/attachments/${byOwner.id}`)).status).toBe(204);
    expect(await rowsNamed('owned.txt')).toEqual([]);
  });

  it('tells everyone who sees the item when its attachments change', async () => {
    const itemId = ids['Sow the beans'];
    const socket = await connect(t.baseUrl, reader.token);
    try {
      const added = nextEvent(socket, 'attachments:changed');
      const attached = await attach(itemId, 'live', 'live.txt', editor);
      expect(await added).toMatchObject({ itemId });
      const removed = nextEvent(socket, 'attachments:changed');
      expect((await send('DELETE', `/api/attachments/${attached.id}`, undefined, editor.token)).status).toBe(
        204,
      );
      expect(await removed).toMatchObject({ itemId });
    } finally {
      socket.disconnect();
    }
  });

  it('takes the rows with their item, and the sweep removes the files an hour on', async () => {
    const { Compost } = await tree(t, owner, { Compost: [] });
    const doomed = await attach(Compost, await pngOf(10, 10), 'doomed.png');
    const kept = await attach(ids['Sow the beans'], 'kept', 'kept.txt');
    await t.database.db.deleteFrom('items').where('id', '=', Compost).execute();
    expect(await rowsNamed('doomed.png')).toEqual([]);

    // An unfinished write a killed process left, of an upload begun two hours ago (its id says
    // when; the file's own time says nothing: it is new), and a file that is not the store's.
    const dir = path.join(t.config.dataDir, 'attachments');
    const part = `${uuidv7({ msecs: Date.now() - 2 * SWEEP_AFTER_MS })}.${crypto.randomUUID()}.part`;
    writeFileSync(path.join(dir, part), 'half');
    writeFileSync(path.join(dir, 'stray.bin'), 'not ours');

    const sweeper = createAttachmentsService({
      db: t.database.db,
      runWrite: createWriteRunner({ db: t.database.db, events: createDomainEvents() }),
      access: createAccessService({ db: t.database.db }),
      store: createDiskStore(dir),
      now: () => Date.now(),
      limits: t.config.attachments,
      recordHistory: async () => {},
    });
    // Within the hour, only the old `.part` goes: an upload may be storing the others now.
    expect(await sweeper.sweep(Date.now())).toBe(1);
    expect(files()).toEqual(expect.arrayContaining([doomed.id, `${doomed.id}.thumb`, kept.id, 'stray.bin']));
    expect(files()).not.toContain(part);
    expect(await sweeper.sweep(Date.now() + SWEEP_AFTER_MS + 1000)).toBe(2);
    expect(files()).not.toContain(doomed.id);
    expect(files()).not.toContain(`${doomed.id}.thumb`);
    expect(files()).toContain(kept.id);
  });
});
