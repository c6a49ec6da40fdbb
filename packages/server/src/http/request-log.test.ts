import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { CalendarFeedCreated } from '@nestbox/shared/calendar/calendar.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createSignedInUser } from '../test/factories.js';
import { testEngine } from '../test/test-database.js';
import { REDACTED, redactedUrl } from './request-log.js';

describe('request URLs as logged', () => {
  it('keeps the prefix of a secret-bearing path and drops the rest, whatever its case or encoding', () => {
    expect(redactedUrl('/calendar/abc_DEF-123.ics')).toBe(`/calendar/${REDACTED}`);
    expect(redactedUrl('/Calendar/abc.ics?x=1')).toBe(`/calendar/${REDACTED}?x=1`);
    expect(redactedUrl('/%63alendar/abc.ics')).toBe(`/calendar/${REDACTED}`);
    expect(redactedUrl('/password-reset/s3cret')).toBe(`/password-reset/${REDACTED}`);
    expect(redactedUrl('/activate-account/s3cret')).toBe(`/activate-account/${REDACTED}`);
    expect(redactedUrl('/confirm-email/s3cret')).toBe(`/confirm-email/${REDACTED}`);
    expect(redactedUrl('/resend-activate-link/ann@example.test')).toBe(`/resend-activate-link/${REDACTED}`);
    expect(redactedUrl('/slack/auth?code=c0de&state=st4te&x=1')).toBe(
      `/slack/auth?code=${REDACTED}&state=${REDACTED}&x=1`,
    );
    expect(redactedUrl('/x?%63ode=c0de&Token=t')).toBe(`/x?%63ode=${REDACTED}&Token=${REDACTED}`);
    expect(redactedUrl('/api/items/get-item?itemId=abc')).toBe('/api/items/get-item?itemId=abc');
    expect(redactedUrl('/bad%zz/path')).toBe('/bad%zz/path');
  });
});

describe(`request logs on ${testEngine}`, () => {
  let t: TestApp;
  let lines: string[];

  beforeAll(async () => {
    lines = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ env: { NESTBOX_APP_URL: 'https://nestbox.example' }, logStream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('never writes a feed secret, an e-mailed link or an OAuth code, at any level', async () => {
    const user = await createSignedInUser(t);
    const made = await t.request('/api/calendar/feed', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const feedPath = new URL(((await made.json()) as CalendarFeedCreated).url).pathname;
    const feedSecret = /\/calendar\/(.+)\.ics$/.exec(feedPath)?.[1] ?? '';
    expect(feedSecret).toHaveLength(43);
    // Each answer is read to its end: an unread one keeps its connection, and the app's close waits on it.
    const feed = await t.request(feedPath);
    await feed.text();
    expect(feed.status).toBe(200);
    // Revoked: a 404 is logged just the same.
    await t.request('/api/calendar/feed', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const gone = await t.request(feedPath);
    await gone.text();
    expect(gone.status).toBe(404);

    const secrets = [feedSecret];
    const secret = () => {
      const value = randomBytes(24).toString('base64url');
      secrets.push(value);
      return value;
    };
    for (const pathname of [
      `/calendar/${secret()}.ics`,
      `/CALENDAR/${secret()}.ics`,
      `/password-reset/${secret()}`,
      `/activate-account/${secret()}`,
      `/confirm-email/${secret()}`,
      `/slack/auth?code=${secret()}&state=${secret()}`,
    ])
      await (await t.request(pathname)).text();

    const logged = lines.join('\n');
    expect(logged).toContain(`"url":"/calendar/${REDACTED}"`);
    expect(logged).toContain(`"url":"/password-reset/${REDACTED}"`);
    expect(logged).toContain(`"url":"/slack/auth?code=${REDACTED}&state=${REDACTED}"`);
    for (const value of secrets) expect(logged).not.toContain(value);
  });
});
