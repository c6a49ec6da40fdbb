import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../test/smtp-capture.js';
import { createMailer } from './mailer.js';
import { renderActionMail } from './templates.js';

describe('mailer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const message = renderActionMail('activation', {
    to: 'ann@example.test',
    name: 'Ann <script>',
    locale: 'en-GB',
    link: 'http://localhost:3000/activate-account/abc',
  });

  it('writes each message to the outbox as an .eml file and logs its link when no SMTP is set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nestbox-outbox-'));
    dirs.push(dir);
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Nestbox <no-reply@localhost>',
      outboxDir: dir,
      log,
    });
    await mailer.send(message);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-ann@example\.test\.eml$/);
    const eml = readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ann@example.test');
    expect(eml).toContain('Subject: Activate your Nestbox account');
    expect(lines.join('')).toContain('http://localhost:3000/activate-account/abc');
  });

  it('delivers over SMTP when SMTP_URL is set', async () => {
    const smtp = await startSmtpCapture();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'Nestbox <no-reply@localhost>',
        outboxDir: '/nonexistent',
        log: pino({ level: 'silent' }),
      });
      await mailer.send(message);
      const received = await smtp.lastMessageTo('ann@example.test');
      expect(received.subject).toBe('Activate your Nestbox account');
      expect(received.text).toContain('Hello Ann &lt;script&gt;,');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});
