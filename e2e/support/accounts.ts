import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

/**
 * Accounts for the journeys: created through the real API (sign-up, the e2e activation
 * helper, login), and the e-mails the server wrote to its outbox (the e2e server has no SMTP).
 */

/** A password the server accepts: long enough and not on its list of common ones. */
export const DEFAULT_PASSWORD = 'Quiet-Heron-Lantern-47';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A fresh address for one test; only characters the outbox keeps as they are in file names. */
export function uniqueEmail(label: string): string {
  // Digits only: a search for people by name never finds one by chance in the suffix.
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return `${label}-${suffix}@e2e.nestbox.test`;
}

async function expectOk(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  expect(response.ok(), `${what}: HTTP ${response.status()} ${await response.text()}`).toBe(true);
}

/** Signs up through `POST /auth/signup` (the account then needs activating). */
export async function signUp(
  request: APIRequestContext,
  {
    label = 'user',
    name = 'Ada Lovelace',
    password = DEFAULT_PASSWORD,
    locale = 'en-GB',
    timezone = 'Europe/London',
  } = {},
): Promise<TestAccount> {
  const email = uniqueEmail(label);
  const response = await request.post('/auth/signup', {
    data: { name, email, password, timezone, locale },
  });
  await expectOk(response, 'sign-up');
  return { name, email, password };
}

/** Signs up and activates through the e2e helper. */
export async function createActivatedAccount(
  request: APIRequestContext,
  options: Parameters<typeof signUp>[1] = {},
): Promise<TestAccount> {
  const account = await signUp(request, options);
  await expectOk(await request.post('/e2e/user/activate', { data: { email: account.email } }), 'activation');
  return account;
}

/** Logs in through `POST /auth/login`; returns the bearer token. */
export async function logIn(request: APIRequestContext, { email, password }: TestAccount): Promise<string> {
  const response = await request.post('/auth/login', { data: { email, password, rememberMe: false } });
  await expectOk(response, 'login');
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** An activated account and a token for it. */
export async function createLoggedInAccount(
  request: APIRequestContext,
  options: Parameters<typeof signUp>[1] = {},
): Promise<TestAccount & { token: string }> {
  const account = await createActivatedAccount(request, options);
  return { ...account, token: await logIn(request, account) };
}

/**
 * Puts a session token in local storage before any page script runs, as the login page
 * leaves it. Once a test sets `sessionStorage['e2e.loggedOut']`, later page loads of the
 * tab get no token, so a logout can be observed.
 */
export async function putSessionToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e.loggedOut')) localStorage.setItem('nestbox.token', value);
  }, token);
}

/** The status of `GET /api/admin/users/get-user` with this token. */
export async function userStatusWithToken(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/admin/users/get-user', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status();
}

export interface Mail {
  subject: string;
  /** The decoded bodies (text and HTML parts together). */
  body: string;
  /** Every http(s) address in the body, in order, without duplicates. */
  links: string[];
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (it comes from e2e/playwright.config.ts)');
  return path.join(dataDir, 'outbox');
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes an RFC 2047 header word (=?UTF-8?Q?...?= or =?UTF-8?B?...?=) if the subject uses one. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function parseMail(raw: string): Mail {
  const headerEnd = raw.indexOf('\n\n');
  const headers = raw.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '');
  const body = decodeQuotedPrintable(raw.slice(headerEnd + 2));
  const links = [...new Set(body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
  return { subject, body, links };
}

/** Every message written so far to this address, oldest first. */
export function readMails(to: string): Mail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir());
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith(`-${to}.eml`))
    .sort()
    .map((file) => parseMail(readFileSync(path.join(outboxDir(), file), 'utf8').replaceAll('\r\n', '\n')));
}

/** Waits for the newest message to this address whose subject matches, and returns it. */
export async function waitForMail(to: string, subject: string | RegExp): Promise<Mail> {
  const matches = (mail: Mail) =>
    typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject);
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readMails(to).filter(matches).at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with the subject ${String(subject)}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The app link of a message (activation or reset), as a path for `page.goto`. */
export function appLink(mail: Mail, pathPrefix: '/activate-account/' | '/password-reset/'): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}":\n${mail.body}`);
  return new URL(link).pathname;
}

/**
 * Makes every pending activation link of an account expire, straight in the e2e server's
 * SQLite file (no helper endpoint exists for it; the server reads the row on the next call).
 */
export function expireActivationLinks(email: string): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (it comes from e2e/playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'nestbox.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `update account_tokens set expires_at = ? where purpose = 'activation' and used_at is null
         and user_id = (select id from users where email = ?)`,
    ).run(Date.now() - 1, email.toLowerCase());
  } finally {
    db.close();
  }
}
