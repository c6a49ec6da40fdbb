import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_ARCHIVE_JOB } from '../jobs/auto-archive.js';
import { REMINDERS_JOB } from '../jobs/reminders.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createSignedInUser } from '../test/factories.js';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { type ClientSocket, connect } from '../test/socket-client.js';
import { testEngine } from '../test/test-database.js';
import { createMetrics, jobObserver } from './metrics.js';

const TOKEN = 'metrics-scraper-secret-0123';

/** The scrape, read by the parser; `text` keeps the exposition for labelled histograms. */
async function scrape(t: TestApp, token = TOKEN): Promise<PrometheusFamily[] & { text: string }> {
  const res = await t.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return Object.assign(parsePrometheusTextFormat(text), { text });
}

/**
 * The samples of one series name (`…_count`, `…_sum`) with their labels. The parser merges a
 * histogram's labelled series into one, so those are read from the exposition's lines.
 */
function samplesOf(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const [, labelText = '', value = ''] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key = '', val = '']) => [key, val]),
      );
      return { labels, value: Number(value) };
    });
}

const family = (families: PrometheusFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
};

const sampleValue = (families: PrometheusFamily[], name: string, labels: Record<string, string> = {}) =>
  Number(
    family(families, name).metrics.find((m) =>
      Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
    )?.value ?? Number.NaN,
  );

describe(`Prometheus metrics on ${testEngine}`, () => {
  const smtp = { capture: undefined as Awaited<ReturnType<typeof startSmtpCapture>> | undefined };
  let t: TestApp;
  let socket: ClientSocket | undefined;

  beforeAll(async () => {
    smtp.capture = await startSmtpCapture();
    t = await buildTestApp({
      env: { NESTBOX_METRICS: '1', NESTBOX_METRICS_TOKEN: TOKEN, SMTP_URL: smtp.capture.url },
    });
  });
  afterEach(() => {
    socket?.disconnect();
    socket = undefined;
  });
  afterAll(async () => {
    await t.close();
    await smtp.capture?.close();
  });

  it('answers 401 without the token or with another, and never shows the token in the answer', async () => {
    expect((await t.request('/metrics')).status).toBe(401);
    const wrong = await t.request('/metrics', { headers: { authorization: 'Bearer not-the-secret-at-all' } });
    expect(wrong.status).toBe(401);
    const right = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).not.toContain(TOKEN);
  });

  it("serves Node's process metrics", async () => {
    const families = await scrape(t);
    expect(sampleValue(families, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(family(families, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
  });

  it('reports how long the event loop was held since the last scrape: p50, p99 and max', async () => {
    await scrape(t);
    // The server runs in this process: holding the loop here holds it for the server too.
    const until = performance.now() + 500;
    while (performance.now() < until) {
      // Busy: what a request that never yields does to everyone else.
    }
    // The stall is recorded when the loop turns again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const held = await scrape(t);
    const delay = (families: PrometheusFamily[], stat: string) =>
      sampleValue(families, 'nestbox_event_loop_delay_seconds', { stat });
    expect(delay(held, 'max')).toBeGreaterThanOrEqual(0.45);
    expect(delay(held, 'p99')).toBeGreaterThanOrEqual(0.45);
    expect(delay(held, 'p50')).toBeGreaterThan(0);
    expect(delay(held, 'p50')).toBeLessThanOrEqual(delay(held, 'p99'));
    // Each scrape starts a new window: a quiet moment after reads as quieter.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quiet = await scrape(t);
    expect(delay(quiet, 'max')).toBeLessThan(delay(held, 'max'));
  });

  it('times answers by route pattern, method and status class, never by the raw URL', async () => {
    const user = await createSignedInUser(t);
    const auth = { authorization: `Bearer ${user.token}` };
    expect((await t.request(`/api/items/get-item?itemId=${user.root}`, { headers: auth })).status).toBe(200);
    expect((await t.request('/api/items/get-item', { headers: auth })).status).toBe(400);
    expect((await t.request('/api/no/such/route')).status).toBe(404);
    const { text } = await scrape(t);
    const series = samplesOf(text, 'http_request_duration_seconds_count');
    const routes = new Set(series.map((m) => m.labels.route));
    expect(routes).toContain('/api/items/get-item');
    expect(routes).toContain('unmatched');
    for (const route of routes) expect(route).not.toContain(user.root);
    const ok = series.find(
      (m) => m.labels.route === '/api/items/get-item' && m.labels.status_class === '2xx',
    );
    expect(ok?.labels.method).toBe('GET');
    expect(ok?.value).toBeGreaterThanOrEqual(1);
    expect(
      series.some((m) => m.labels.route === '/api/items/get-item' && m.labels.status_class === '4xx'),
    ).toBe(true);
  });

  it('times every database query, by engine', async () => {
    const before = await scrape(t);
    const count = ({ text }: { text: string }) =>
      samplesOf(text, 'nestbox_db_query_duration_seconds_count').find((m) => m.labels.engine === testEngine)
        ?.value ?? 0;
    const user = await createSignedInUser(t);
    await t.request('/api/items/get-workspace-items', { headers: { authorization: `Bearer ${user.token}` } });
    expect(count(await scrape(t))).toBeGreaterThan(count(before));
  });

  it('counts live sockets and the live events sent, by type', async () => {
    const user = await createSignedInUser(t);
    socket = await connect(t.baseUrl, user.token);
    const families = await scrape(t);
    expect(sampleValue(families, 'nestbox_socket_connections')).toBeGreaterThanOrEqual(1);
    const added = (f: PrometheusFamily[]) =>
      family(f, 'nestbox_live_events_total').metrics.find((m) => m.labels?.type === 'ADD_ITEM')?.value ?? 0;
    const before = Number(added(families));
    const created = await t.request('/api/items/create-item', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      json: { parentItemId: user.root, itemType: 'todoText', title: 'Counted', beforeAfterReplace: 'after' },
    });
    expect(created.status).toBe(201);
    expect(Number(added(await scrape(t)))).toBe(before + 1);
    socket.disconnect();
    socket = undefined;
    await expect
      .poll(async () => sampleValue(await scrape(t), 'nestbox_socket_connections'), { timeout: 5_000 })
      .toBe(0);
  });

  it('counts mail sent and mail that could not be sent', async () => {
    const user = await createSignedInUser(t);
    const forgot = () => t.request('/auth/forgot', { method: 'POST', json: { email: user.email } });
    expect((await forgot()).status).toBe(200);
    await smtp.capture?.lastMessageTo(user.email);
    let families = await scrape(t);
    expect(sampleValue(families, 'nestbox_mail_sent_total')).toBe(1);
    expect(sampleValue(families, 'nestbox_mail_failed_total')).toBe(0);

    await smtp.capture?.close();
    smtp.capture = undefined;
    expect((await forgot()).status).toBeGreaterThanOrEqual(500);
    families = await scrape(t);
    expect(sampleValue(families, 'nestbox_mail_sent_total')).toBe(1);
    expect(sampleValue(families, 'nestbox_mail_failed_total')).toBe(1);
  });
});

describe(`metrics switched off on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 at /metrics, as JSON like any unknown API path', async () => {
    const res = await t.request('/metrics');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('the scheduler in metrics', () => {
  it('records how late each job ran, and counts reminders fired and items auto-archived', async () => {
    const metrics = createMetrics('sqlite');
    const observe = jobObserver(metrics);
    observe(REMINDERS_JOB, 1_500, 3);
    observe(AUTO_ARCHIVE_JOB, 20, 2);
    observe('expired-undo-entries', 0, 7);
    const text = await metrics.registry.metrics();
    const families = parsePrometheusTextFormat(text);
    // What other jobs did (the 7 undo entries) adds to neither counter.
    expect(sampleValue(families, 'nestbox_reminders_fired_total')).toBe(3);
    expect(sampleValue(families, 'nestbox_auto_archived_total')).toBe(2);
    const lag = samplesOf(text, 'nestbox_scheduler_lag_seconds_sum');
    expect(lag.find((m) => m.labels.job === REMINDERS_JOB)?.value).toBeCloseTo(1.5);
    expect(lag.find((m) => m.labels.job === AUTO_ARCHIVE_JOB)?.value).toBeCloseTo(0.02);
    expect(
      samplesOf(text, 'nestbox_scheduler_lag_seconds_count')
        .map((m) => m.labels.job)
        .sort(),
    ).toEqual([AUTO_ARCHIVE_JOB, 'expired-undo-entries', REMINDERS_JOB].sort());
  });
});
