import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Attachment } from '@nestbox/shared/attachments/attachments.schema';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteRunner } from '../../db/run-write.js';
import { createDomainEvents } from '../../events/domain-events.js';
import { pngOf, uploadFile } from '../../test/attachments.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createSignedInUser, type SignedInUser } from '../../test/factories.js';
import { share } from '../../test/sharing.js';
import { testEngine } from '../../test/test-database.js';
import { tree } from '../../test/tree.js';
import { createAccessService } from '../access/access.service.js';
import { createS3Store } from './attachment-store-s3.js';
import { createAttachmentsService, SWEEP_AFTER_MS } from './attachments.service.js';

const MB = 1024 * 1024;
const BUCKET = 'nestbox-attachments';

/**
 * Attachments in an S3-compatible bucket: s3rver, in this process, on a free port and a
 * temporary folder; the app talks to it over HTTP with the AWS SDK as it would to any bucket.
 */
describe(`attachments in an S3 bucket on ${testEngine}`, () => {
  let s3: S3rver;
  let s3Dir: string;
  let env: Record<string, string>;
  let client: S3Client;
  let t: TestApp;
  let owner: SignedInUser;
  let reader: SignedInUser;
  let box: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'nestbox-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
    const { port } = await s3.run();
    env = {
      NESTBOX_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      NESTBOX_S3_BUCKET: BUCKET,
      NESTBOX_S3_ACCESS_KEY_ID: 'S3RVER',
      NESTBOX_S3_SECRET_ACCESS_KEY: 'S3RVER',
      NESTBOX_S3_FORCE_PATH_STYLE: '1',
      NESTBOX_ATTACHMENT_MAX_MB: '8',
    };
    client = new S3Client({
      region: 'us-east-1',
      endpoint: env.NESTBOX_S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    t = await buildTestApp({ env });
    owner = await createSignedInUser(t);
    reader = await createSignedInUser(t);
    ({ Shelf: box } = await tree(t, owner, { Shelf: [] }));
    await share(t, owner, box, [[reader, 'readonly']]);
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
      .map((object) => object.Key)
      .sort();
  const attach = async (app: TestApp, bytes: Uint8Array | string, name: string) => {
    const res = await uploadFile(app, owner.token, box, bytes, name);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Attachment;
  };
  const bytesOf = async (app: TestApp, route: string, who = owner) => {
    const res = await app.request(route, { headers: { authorization: `Bearer ${who.token}` } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('stores an upload of several parts in the bucket and streams it back', async () => {
    const bytes = Buffer.alloc(6 * MB + 123);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const stored = await attach(t, bytes, 'archive.bin');
    expect(stored).toMatchObject({ size: bytes.length, type: 'application/octet-stream' });
    expect(await keys()).toContain(`attachments/${stored.id}`);
    expect((await bytesOf(t, `/api/attachments/${stored.id}/content`, reader)).equals(bytes)).toBe(true);

    const picture = await attach(t, await pngOf(640, 640), 'square.png');
    expect(picture.thumbnail).toBe(true);
    expect(await keys()).toContain(`attachments/${picture.id}.thumb`);
    expect((await bytesOf(t, `/api/attachments/${picture.id}/thumbnail`)).length).toBeGreaterThan(0);
  });

  it('leaves no object behind a file over the limit, and removes both objects on delete', async () => {
    const before = await keys();
    const big = await uploadFile(t, owner.token, box, new Uint8Array(8 * MB + 1), 'big.bin');
    expect(big.status).toBe(413);
    expect(await keys()).toEqual(before);

    const picture = await attach(t, await pngOf(50, 50), 'gone.png');
    const res = await t.request(`/api/attachments/${picture.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(204);
    expect(await keys()).toEqual(before);
  });

  it('sweeps the objects of an item gone with its rows, an hour on', async () => {
    const { Bin } = await tree(t, owner, { Bin: [] });
    const doomed = await attach(t, await pngOf(30, 30), 'doomed.png');
    await t.database.db
      .updateTable('attachments')
      .set({ item_id: Bin })
      .where('id', '=', doomed.id)
      .execute();
    await t.database.db.deleteFrom('items').where('id', '=', Bin).execute();
    const sweeper = createAttachmentsService({
      db: t.database.db,
      runWrite: createWriteRunner({ db: t.database.db, events: createDomainEvents() }),
      access: createAccessService({ db: t.database.db }),
      store: createS3Store(t.config.attachments.s3 ?? expect.fail('S3 is configured')),
      now: () => Date.now(),
      limits: t.config.attachments,
      recordHistory: async () => {},
    });
    expect(await sweeper.sweep(Date.now())).toBe(0);
    const before = await keys();
    expect(await sweeper.sweep(Date.now() + SWEEP_AFTER_MS + 2_000)).toBe(2);
    expect(await keys()).toEqual(before.filter((key) => !key?.startsWith(`attachments/${doomed.id}`)));
  });

  // Two instances share one PostgreSQL database (SQLite is one process's) and one bucket.
  it.runIf(testEngine === 'postgres')('serves from one instance what another stored', async () => {
    const other = await buildTestApp({ env, besides: t });
    try {
      const stored = await attach(t, 'written through the first instance', 'note.txt');
      expect((await bytesOf(other, `/api/attachments/${stored.id}/content`, reader)).toString()).toBe(
        'written through the first instance',
      );
      const back = await attach(other, await pngOf(40, 40), 'back.png');
      expect(back.thumbnail).toBe(true);
      expect((await bytesOf(t, `/api/attachments/${back.id}/thumbnail`, reader)).length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
