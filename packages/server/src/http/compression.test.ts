import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createSignedInUser, insertItemRow, type SignedInUser } from '../test/factories.js';
import { testEngine } from '../test/test-database.js';

/** One raw HTTP exchange: the body as sent on the wire (fetch would decode it). */
function raw(
  baseUrl: string,
  pathname: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(pathname, baseUrl), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe(`compression on ${testEngine}`, () => {
  let t: TestApp;
  let webRoot: string;
  let user: SignedInUser;

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'nestbox-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(
      path.join(webRoot, 'index.html'),
      `<!doctype html><div id="root"></div>${' '.repeat(2048)}`,
    );
    // The copies say which one was sent: the server must send the build's files, not its own.
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js'), 'the original');
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.br'), brotliCompressSync('the brotli copy'));
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.gz'), gzipSync('the gzip copy'));
    t = await buildTestApp({ webRoot });
    user = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy written at build time, as the browser accepts', async () => {
    const br = await raw(t.baseUrl, '/assets/app-1a2b.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('the brotli copy');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await raw(t.baseUrl, '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('the gzip copy');

    const plain = await raw(t.baseUrl, '/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('the original');
  });

  it('compresses the page and JSON answers above 1 KB, and leaves small ones alone', async () => {
    const page = await raw(t.baseUrl, '/login', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="root">');

    const zones = await raw(t.baseUrl, '/api/timezones/get-timezones', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zones.status).toBe(200);
    expect(zones.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zones.body).toString()).length).toBeGreaterThan(100);

    const health = await raw(t.baseUrl, '/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a JSON answer of up to 256 KB in one call, its length known', async () => {
    const title = 'A text long enough to make the pane heavy. '.repeat(10);
    for (let position = 1; position <= 200; position++)
      await insertItemRow(t.database.db, {
        type: 'todoText',
        parent: user.root,
        createdBy: user.id,
        position,
        title: `${position} ${title}`,
      });
    const pane = await raw(t.baseUrl, `/api/items/get-items-for-pane?itemId=${user.root}`, {
      headers: { authorization: `Bearer ${user.token}`, 'accept-encoding': 'br' },
    });
    expect(pane.status).toBe(200);
    const json = brotliDecompressSync(pane.body);
    // Above what the plugin would compress in one call by itself (64 KB at most).
    expect(json.length).toBeGreaterThan(64 * 1024);
    expect(json.length).toBeLessThan(256 * 1024);
    expect(pane.headers['content-encoding']).toBe('br');
    expect(pane.headers['content-length']).toBe(String(pane.body.length));
    expect(pane.headers['transfer-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body', async () => {
    const res = await raw(t.baseUrl, '/api/items/create-item', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: gzipSync(
        JSON.stringify({ parentItemId: user.root, itemType: 'todoText', title: 'zipped' }),
      ).toString('latin1'),
    });
    expect(res.status).toBe(400);
  });

  it("compresses socket.io's long-polling answers above 1 KB", async () => {
    const socketPath = (sid?: string) =>
      `/socket.io/?EIO=4&transport=polling&token=${encodeURIComponent(user.token)}${sid ? `&sid=${sid}` : ''}`;
    const handshake = await raw(t.baseUrl, socketPath());
    const { sid } = JSON.parse(handshake.body.toString().slice(1)) as { sid: string };
    await raw(t.baseUrl, socketPath(sid), {
      method: 'POST',
      body: '40',
      headers: { 'content-type': 'text/plain' },
    });
    const connected = await raw(t.baseUrl, socketPath(sid));
    expect(connected.body.toString()).toMatch(/^40/);

    // A live event bigger than 1 KB: a new text with a long title.
    const title = 'A long title. '.repeat(100);
    const created = await t.request('/api/items/create-item', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      json: { parentItemId: user.root, itemType: 'todoText', title },
    });
    expect(created.status).toBe(201);

    const poll = await raw(t.baseUrl, socketPath(sid), { headers: { 'accept-encoding': 'gzip' } });
    expect(poll.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(poll.body).toString()).toContain(title.trim());
  });
});
