import { buffer } from 'node:stream/consumers';
import type { AttachmentList } from '@nestbox/shared/attachments/attachments.schema';
import type { ExportFile, ExportItem } from '@nestbox/shared/data/export.schema';
import type { ImportResult } from '@nestbox/shared/data/import.schema';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import type { ItemsForPane } from '@nestbox/shared/items/item.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { apiCalls } from '../../test/api-calls.js';
import { pngOf, storedFiles, uploadFile } from '../../test/attachments.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { createSharingCast, share } from '../../test/sharing.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { unzip } from '../../test/unzip.js';
import { openZipExport } from './zip-export.js';

const NOW = Date.parse('2027-03-02T08:00:00Z');
const KB = 1024;

/** A zip written with yazl from names and contents, each deflated. */
async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files))
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** The zip with the deflated data of the entry `name` broken at its start (an invalid block type). */
function damaged(zip: Buffer, name: string): Buffer {
  const copy = Buffer.from(zip);
  const header = copy.indexOf(Buffer.from(name)) - 30;
  const data = header + 30 + copy.readUInt16LE(header + 26) + copy.readUInt16LE(header + 28);
  copy.fill(0xff, data, data + 16);
  return copy;
}

const flatten = (items: readonly ExportItem[]): ExportItem[] =>
  items.flatMap((item) => [item, ...(item.type === 'box' ? flatten(item.children) : [])]);

describe(`attached files in exports and imports on ${testEngine}`, () => {
  let t: TestApp;
  let owner: SignedInUser;
  let reader: SignedInUser;
  let stranger: SignedInUser;
  let ids: { Trip: string; Tickets: string; Map: string; Secret: string };
  let picture: Buffer;

  beforeAll(async () => {
    t = await buildTestApp({
      now: () => NOW,
      env: { NESTBOX_ATTACHMENT_MAX_MB: '1', NESTBOX_ATTACHMENT_QUOTA_MB: '2' },
    });
    ({ owner, reader, stranger } = await createSharingCast(t));
    ids = {
      ...(await tree(t, owner, { Trip: ['Tickets', 'Map'] })),
      ...(await tree(t, stranger, { Secret: [] })),
    };
    await share(t, owner, ids.Trip, [[reader, 'readonly']]);
    picture = await pngOf(64, 48);
    for (const [token, itemId, bytes, name, type] of [
      [owner.token, ids.Tickets, 'PNR ABC123', 'tickets.txt', 'text/plain'],
      [owner.token, ids.Map, picture, 'map of Lyon.png', 'image/png'],
      [owner.token, ids.Trip, Buffer.alloc(3 * KB, 7), 'budget.bin', 'application/octet-stream'],
      [stranger.token, ids.Secret, 'not yours', 'secret.txt', 'text/plain'],
    ] as const)
      expect((await uploadFile(t, token, itemId, bytes, name, type)).status).toBe(201);
  });
  afterAll(() => t.close());

  const { ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  const download = async (format: 'json' | 'zip', as: SignedInUser) => {
    const res = await t.request(`/api/export?format=${format}`, {
      headers: { authorization: `Bearer ${as.token}` },
    });
    expect(res.status).toBe(200);
    return res;
  };
  const importFile = (as: SignedInUser, body: Buffer | string) =>
    t.request(`/api/import?format=json&boxId=${as.root}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.token}`, 'content-type': 'application/octet-stream' },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
  const itemsUnder = async (boxId: string, as: SignedInUser): Promise<Map<string, string>> => {
    const found = new Map<string, string>();
    for (const item of (
      await ok<ItemsForPane>('GET', `/api/items/get-items-for-pane?itemId=${boxId}`, undefined, as.token)
    ).items) {
      found.set(item.title, item._id);
      if (item.itemType === 'todoBox')
        for (const [title, id] of await itemsUnder(item._id, as)) found.set(title, id);
    }
    return found;
  };
  const attachmentsOf = (itemId: string, as: SignedInUser) =>
    ok<AttachmentList>('GET', `/api/items/${itemId}/attachments`, undefined, as.token);
  const contentOf = async (attachmentId: string, as: SignedInUser) =>
    Buffer.from(
      await (
        await t.request(`/api/attachments/${attachmentId}/content`, {
          headers: { authorization: `Bearer ${as.token}` },
        })
      ).arrayBuffer(),
    );

  it('lists each item’s files in the JSON, and the ZIP carries their bytes beside it', async () => {
    const json = (await (await download('json', owner)).json()) as ExportFile;
    const trip = flatten(json.workspace).find((item) => item.title === 'Trip');
    const map = flatten(json.workspace).find((item) => item.title === 'Map');
    expect(map?.attachments).toEqual([
      {
        name: 'map of Lyon.png',
        type: 'image/png',
        size: picture.length,
        by: owner.name,
        mine: true,
        createdAt: NOW,
        file: expect.stringMatching(/^attachments\/[\w-]+\/map of Lyon\.png$/),
      },
    ]);
    expect(trip?.attachments?.map((file) => file.name)).toEqual(['budget.bin']);
    expect(flatten(json.workspace).find((item) => item.title === 'Secret')).toBeUndefined();

    const res = await download('zip', owner);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="nestbox-export-2027-03-02.zip"',
    );
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const inZip = JSON.parse(String(files.get('nestbox.json'))) as ExportFile;
    expect(inZip).toEqual(json);
    expect(files.get(map?.attachments?.[0]?.file ?? '')).toEqual(picture);
    expect(String(files.get(trip?.attachments?.[0]?.file ?? ''))).toBe('\u0007'.repeat(3 * KB));
    expect([...files.keys()].filter((name) => name.startsWith('attachments/'))).toHaveLength(3);
  });

  it('gives a reader the files of what is shared with them, not as theirs, and a stranger none of them', async () => {
    const files = await unzip(Buffer.from(await (await download('zip', reader)).arrayBuffer()));
    const json = JSON.parse(String(files.get('nestbox.json'))) as ExportFile;
    const tickets = flatten(json.workspace).find((item) => item.title === 'Tickets');
    expect(tickets?.attachments?.[0]).toMatchObject({ name: 'tickets.txt', by: owner.name, mine: false });
    expect(String(files.get(tickets?.attachments?.[0]?.file ?? ''))).toBe('PNR ABC123');

    const theirs = await unzip(Buffer.from(await (await download('zip', stranger)).arrayBuffer()));
    expect([...theirs.keys()].filter((name) => name.startsWith('attachments/'))).toHaveLength(1);
    expect([...theirs.values()].some((bytes) => String(bytes) === 'PNR ABC123')).toBe(false);
  });

  it('imports the ZIP back with every file, typed from its bytes and with a thumbnail for the picture', async () => {
    const zip = Buffer.from(await (await download('zip', owner)).arrayBuffer());
    const other = await createSignedInUser(t);
    const res = await importFile(other, zip);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as ImportResult).problems).toEqual([]);
    const items = await itemsUnder(other.root, other);
    const [map] = (await attachmentsOf(items.get('Map') ?? '', other)).attachments;
    expect(map).toMatchObject({
      name: 'map of Lyon.png',
      type: 'image/png',
      size: picture.length,
      thumbnail: true,
      createdAt: NOW,
      uploader: { id: other.id, name: other.name },
    });
    expect(await contentOf(map?.id ?? '', other)).toEqual(picture);
    const [tickets] = (await attachmentsOf(items.get('Tickets') ?? '', other)).attachments;
    expect(String(await contentOf(tickets?.id ?? '', other))).toBe('PNR ABC123');
    expect(
      (await attachmentsOf(items.get('Trip') ?? '', other)).attachments.map((file) => file.name),
    ).toEqual(['budget.bin']);
  });

  it('imports the plain JSON without the files it lists, and says so', async () => {
    const json = await (await download('json', owner)).text();
    const other = await createSignedInUser(t);
    const res = await importFile(other, json);
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result.problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        messageKey: 'import.attachments.missing',
        message:
          'The file: 3 attached files are listed but not in this file, and were left out (the ZIP export carries them).',
      }),
    ]);
    const items = await itemsUnder(other.root, other);
    expect(items.has('Map')).toBe(true);
    expect((await attachmentsOf(items.get('Map') ?? '', other)).attachments).toEqual([]);
  });

  it('leaves out the files past the importer’s quota, keeping the rest and storing nothing of them', async () => {
    const big = Buffer.alloc(900 * KB, 1);
    const bigger = Buffer.alloc(950 * KB, 2);
    const file = (name: string, size: number) => ({
      name,
      type: 'application/octet-stream',
      size,
      by: 'Ada',
      mine: true,
      createdAt: NOW,
      file: `attachments/x/${name}`,
    });
    const json = JSON.parse(await (await download('json', stranger)).text()) as ExportFile;
    const secret = json.workspace.find((item) => item.title === 'Secret') as ExportItem;
    secret.attachments = [
      file('one.bin', big.length),
      file('two.bin', bigger.length),
      file('three.bin', big.length),
    ];
    const zip = await zipOf({
      'nestbox.json': JSON.stringify(json),
      'attachments/x/one.bin': big,
      'attachments/x/two.bin': bigger,
      'attachments/x/three.bin': big,
    });
    const other = await createSignedInUser(t);
    const before = storedFiles(t.config.dataDir).length;
    const res = await importFile(other, zip);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ImportResult).problems).toEqual([
      expect.objectContaining({ severity: 'warning', messageKey: 'import.attachments.overQuota' }),
    ]);
    const items = await itemsUnder(other.root, other);
    const kept = (await attachmentsOf(items.get('Secret') ?? '', other)).attachments;
    expect(kept.map((one) => one.name)).toEqual(['one.bin', 'two.bin']);
    // Two objects more, none for the file left out.
    expect(storedFiles(t.config.dataDir).length).toBe(before + 2);
  });

  it('leaves out a file whose bytes in the zip are damaged, with a warning, keeping the rest', async () => {
    const json = JSON.parse(await (await download('json', stranger)).text()) as ExportFile;
    const secret = json.workspace.find((item) => item.title === 'Secret') as ExportItem;
    const listed = (name: string) => ({
      name,
      type: 'text/plain',
      size: 2000,
      by: 'Ada',
      mine: true,
      createdAt: NOW,
      file: `attachments/y/${name}`,
    });
    secret.attachments = [listed('good.txt'), listed('broken.txt')];
    const zip = damaged(
      await zipOf({
        'nestbox.json': JSON.stringify(json),
        'attachments/y/good.txt': 'g'.repeat(2000),
        'attachments/y/broken.txt': 'b'.repeat(2000),
      }),
      'attachments/y/broken.txt',
    );
    const other = await createSignedInUser(t);
    const before = storedFiles(t.config.dataDir).length;
    const res = await importFile(other, zip);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ImportResult).problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        messageKey: 'import.attachments.unreadable',
        message:
          'The file: 1 attached files could not be read from the zip, which is damaged there, and were left out.',
      }),
    ]);
    const items = await itemsUnder(other.root, other);
    const kept = (await attachmentsOf(items.get('Secret') ?? '', other)).attachments;
    expect(kept.map((one) => one.name)).toEqual(['good.txt']);
    expect(storedFiles(t.config.dataDir).length).toBe(before + 1);
  });

  it('refuses a zip listing more files than an export ever holds, before reading them', async () => {
    const zip = await zipOf({ 'nestbox.json': '{}', a: 'a', b: 'b' });
    expect(await openZipExport(zip, { maxJsonBytes: 1024, maxEntries: 2 })).toBe('tooManyFiles');
    expect(await openZipExport(zip, { maxJsonBytes: 1024, maxEntries: 3 })).toMatchObject({
      json: Buffer.from('{}'),
    });
  });

  it('refuses a zip with no nestbox.json, one that inflates past the limit or a damaged one, changing nothing', async () => {
    const other = await createSignedInUser(t);
    for (const zip of [
      await zipOf({ 'notes.txt': 'hello' }),
      await zipOf({ 'nestbox.json': Buffer.alloc(51 * 1024 * KB, 32) }),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]),
      damaged(await zipOf({ 'nestbox.json': JSON.stringify({ pad: 'p'.repeat(2000) }) }), 'nestbox.json'),
    ]) {
      const res = await importFile(other, zip);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: 'import.zip.invalid',
        message:
          'The file: this zip is not a Nestbox export: it needs a nestbox.json of at most 50 MB, as the ZIP export writes it.',
      });
    }
    expect((await itemsUnder(other.root, other)).size).toBe(0);
  });
});
