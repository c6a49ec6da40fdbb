import path from 'node:path';
import { OIDC_DEFAULT_NAME } from '@nestbox/shared/oidc/oidc.schema';
import { z } from 'zod';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../db/connection.js';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes' || value === 'on');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const megabytes = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of megabytes greater than 0' })
    .positive('must be a number of megabytes greater than 0')
    .default(fallback);

const urlWithScheme = (schemes: string[], what: string) =>
  optionalText.refine((value) => value === undefined || schemes.some((s) => value.startsWith(`${s}://`)), {
    message: `must be a ${what} URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
  });

/**
 * Every environment variable the server reads (ARCHITECTURE.md "Configuration"), with its
 * default. Parsed once at boot; a bad value stops the process with a clear message.
 */
const EnvSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    NESTBOX_DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlWithScheme(['postgres', 'postgresql'], 'PostgreSQL'),
    /** PostgreSQL: the longest any one statement may run before the server cancels it. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds, at least 100' })
      .int('must be a whole number of milliseconds, at least 100')
      .min(100, 'must be a whole number of milliseconds, at least 100')
      .default(DEFAULT_STATEMENT_TIMEOUT_MS),
    REDIS_URL: urlWithScheme(['redis', 'rediss'], 'Redis'),
    SMTP_URL: urlWithScheme(['smtp', 'smtps'], 'SMTP'),
    NESTBOX_MAIL_FROM: z.string().min(3).default('Nestbox <no-reply@localhost>'),
    NESTBOX_APP_URL: urlWithScheme(['http', 'https'], 'web'),
    NESTBOX_JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters long',
    }),
    RECAPTCHA_SECRET: optionalText,
    RECAPTCHA_SITE_KEY: optionalText,
    SLACK_CLIENT_ID: optionalText,
    SLACK_CLIENT_SECRET: optionalText,
    SLACK_SIGNING_SECRET: optionalText,
    /** Where Slack's Web API lives; tests point it at a local stand-in. */
    SLACK_API_URL: urlWithScheme(['http', 'https'], 'web'),
    /** OpenID Connect sign-in: the provider's issuer URL and this app's client there. */
    NESTBOX_OIDC_ISSUER: urlWithScheme(['http', 'https'], 'web'),
    NESTBOX_OIDC_CLIENT_ID: optionalText,
    NESTBOX_OIDC_CLIENT_SECRET: optionalText,
    NESTBOX_OIDC_NAME: optionalText.refine((value) => value === undefined || value.length <= 60, {
      message: 'must be at most 60 characters long',
    }),
    NESTBOX_OIDC_ONLY: flag,
    NESTBOX_TRUST_PROXY: flag,
    NESTBOX_E2E: flag,
    /** The browser journeys' stated date: the server's clock starts there (NESTBOX_E2E only). */
    NESTBOX_E2E_NOW: optionalText.refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), {
      message: 'must be a date and time such as 2026-12-05T09:00:00Z',
    }),
    NESTBOX_ALLOW_RESEED: flag,
    NESTBOX_ADMIN_EMAIL: optionalText,
    NESTBOX_ADMIN_PASSWORD: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Serve Prometheus metrics at /metrics. */
    NESTBOX_METRICS: flag,
    /** When set, /metrics asks for `Authorization: Bearer <this>`. */
    NESTBOX_METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters long',
    }),
    /** Web Push (VAPID) keys, base64url: the same on every instance; generated once when unset. */
    NESTBOX_VAPID_PUBLIC_KEY: optionalText.refine(
      (value) => value === undefined || /^[\w-]{87}$/.test(value),
      {
        message: 'must be an uncompressed P-256 public key in base64url (87 characters)',
      },
    ),
    NESTBOX_VAPID_PRIVATE_KEY: optionalText.refine(
      (value) => value === undefined || /^[\w-]{43}$/.test(value),
      {
        message: 'must be a P-256 private key in base64url (43 characters)',
      },
    ),
    /** Who runs this server, for the push services: `mailto:` or `https:`. */
    NESTBOX_VAPID_SUBJECT: optionalText.refine(
      (value) => value === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
      { message: 'must be a mailto: or https: address' },
    ),
    /** The largest file one attachment may be, in MB (MiB). */
    NESTBOX_ATTACHMENT_MAX_MB: megabytes(25),
    /** The most one person's attachments may take together, in MB (MiB). */
    NESTBOX_ATTACHMENT_QUOTA_MB: megabytes(1024),
    /** An S3-compatible bucket for attachments (on when the bucket is set); the data directory otherwise. */
    NESTBOX_S3_ENDPOINT: urlWithScheme(['http', 'https'], 'web'),
    NESTBOX_S3_BUCKET: optionalText,
    NESTBOX_S3_REGION: optionalText,
    NESTBOX_S3_ACCESS_KEY_ID: optionalText,
    NESTBOX_S3_SECRET_ACCESS_KEY: optionalText,
    NESTBOX_S3_FORCE_PATH_STYLE: flag,
  })
  .superRefine((env, ctx) => {
    const slack = [env.SLACK_CLIENT_ID, env.SLACK_CLIENT_SECRET, env.SLACK_SIGNING_SECRET];
    if (slack.some(Boolean) && !slack.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SLACK_CLIENT_ID'],
        message:
          'set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET together, or none of them',
      });
    }
    if (Boolean(env.NESTBOX_VAPID_PUBLIC_KEY) !== Boolean(env.NESTBOX_VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NESTBOX_VAPID_PUBLIC_KEY'],
        message: 'set NESTBOX_VAPID_PUBLIC_KEY and NESTBOX_VAPID_PRIVATE_KEY together, or neither',
      });
    }
    if (env.NESTBOX_E2E_NOW && env.NESTBOX_E2E !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['NESTBOX_E2E_NOW'],
        message: 'only the browser journeys (NESTBOX_E2E=1) may set the clock',
      });
    }
    if (Boolean(env.RECAPTCHA_SECRET) !== Boolean(env.RECAPTCHA_SITE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET'],
        message: 'set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY together, or neither',
      });
    }
    const oidc = [env.NESTBOX_OIDC_ISSUER, env.NESTBOX_OIDC_CLIENT_ID, env.NESTBOX_OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NESTBOX_OIDC_ISSUER'],
        message:
          'set NESTBOX_OIDC_ISSUER, NESTBOX_OIDC_CLIENT_ID and NESTBOX_OIDC_CLIENT_SECRET together, or none of them',
      });
    }
    if (Boolean(env.NESTBOX_S3_ACCESS_KEY_ID) !== Boolean(env.NESTBOX_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NESTBOX_S3_ACCESS_KEY_ID'],
        message: 'set NESTBOX_S3_ACCESS_KEY_ID and NESTBOX_S3_SECRET_ACCESS_KEY together, or neither',
      });
    }
    const s3Settings = [
      env.NESTBOX_S3_ENDPOINT,
      env.NESTBOX_S3_REGION,
      env.NESTBOX_S3_ACCESS_KEY_ID,
      env.NESTBOX_S3_FORCE_PATH_STYLE || undefined,
    ];
    if (!env.NESTBOX_S3_BUCKET && s3Settings.some(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NESTBOX_S3_BUCKET'],
        message: 'the other NESTBOX_S3_* settings need NESTBOX_S3_BUCKET, which turns S3 storage on',
      });
    }
    if (env.NESTBOX_OIDC_ONLY && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NESTBOX_OIDC_ONLY'],
        message: 'needs single sign-on configured (NESTBOX_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET)',
      });
    }
  });

/** The server's validated configuration. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (SQLite file, generated secrets, mail outbox). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's statement_timeout for every connection (ms). */
  statementTimeoutMs: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string | undefined;
  recaptcha: { secret: string; siteKey: string } | undefined;
  slack:
    | {
        clientId: string;
        clientSecret: string;
        signingSecret: string;
        /** Base of Slack's Web API (`https://slack.com/api/` unless SLACK_API_URL says otherwise). */
        apiUrl: string;
      }
    | undefined;
  /** OpenID Connect sign-in; off when undefined. */
  oidc:
    | {
        /** The issuer identifier, as the provider's discovery document states it. */
        issuer: string;
        clientId: string;
        clientSecret: string;
        /** The provider as the sign-in button names it. */
        name: string;
        /** Password sign-in and sign-up are off: accounts sign in through the provider only. */
        only: boolean;
      }
    | undefined;
  /** Behind a reverse proxy: take the caller's address from X-Forwarded-For. */
  trustProxy: boolean;
  e2e: boolean;
  /** Where the journeys' server starts its clock (UTC ms); the machine's clock when undefined. */
  e2eNow: number | undefined;
  allowReseed: boolean;
  admin: { email: string; password: string } | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Prometheus metrics at /metrics, and the bearer token they ask for (if any); off when undefined. */
  metrics: { token: string | undefined } | undefined;
  /** Web Push keys from the environment; undefined: generated once into the data directory. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, as push services are told (`mailto:` or `https:`). */
  vapidSubject: string;
  attachments: {
    /** The largest one file may be (bytes). */
    maxFileBytes: number;
    /** The most one person's attachments may take together (bytes). */
    quotaBytes: number;
    /** An S3-compatible bucket; undefined: files are kept under the data directory. */
    s3: S3Settings | undefined;
  };
}

/** Where an S3-compatible bucket is and how to reach it. */
export interface S3Settings {
  /** The service's address; undefined: AWS's own for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Undefined: the SDK's usual sources (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO and most stand-ins). */
  forcePathStyle: boolean;
}

const MB = 1024 * 1024;

/** Thrown when the environment is invalid; its message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The sender's address as a `mailto:`, else the app's address when it is HTTPS, else a placeholder. */
function vapidSubjectFrom(mailFrom: string, appUrl: string | undefined): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom) ? mailFrom : undefined);
  if (address) return `mailto:${address}`;
  return appUrl?.startsWith('https://') ? appUrl : 'mailto:nestbox@localhost';
}

/** Parses the environment into a Config, or throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = name in env ? ` (got ${JSON.stringify(env[name])})` : '';
      return `  ${name}: ${issue.message}${got}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.NESTBOX_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.NESTBOX_MAIL_FROM,
    appUrl: (e.NESTBOX_APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.NESTBOX_JWT_SECRET,
    recaptcha:
      e.RECAPTCHA_SECRET && e.RECAPTCHA_SITE_KEY
        ? { secret: e.RECAPTCHA_SECRET, siteKey: e.RECAPTCHA_SITE_KEY }
        : undefined,
    slack:
      e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_SIGNING_SECRET
        ? {
            clientId: e.SLACK_CLIENT_ID,
            clientSecret: e.SLACK_CLIENT_SECRET,
            signingSecret: e.SLACK_SIGNING_SECRET,
            apiUrl: `${(e.SLACK_API_URL ?? 'https://slack.com/api').replace(/\/+$/, '')}/`,
          }
        : undefined,
    oidc:
      e.NESTBOX_OIDC_ISSUER && e.NESTBOX_OIDC_CLIENT_ID && e.NESTBOX_OIDC_CLIENT_SECRET
        ? {
            issuer: e.NESTBOX_OIDC_ISSUER,
            clientId: e.NESTBOX_OIDC_CLIENT_ID,
            clientSecret: e.NESTBOX_OIDC_CLIENT_SECRET,
            name: e.NESTBOX_OIDC_NAME ?? OIDC_DEFAULT_NAME,
            only: e.NESTBOX_OIDC_ONLY,
          }
        : undefined,
    trustProxy: e.NESTBOX_TRUST_PROXY,
    e2e: e.NESTBOX_E2E,
    e2eNow: e.NESTBOX_E2E_NOW === undefined ? undefined : Date.parse(e.NESTBOX_E2E_NOW),
    allowReseed: e.NESTBOX_ALLOW_RESEED,
    admin:
      e.NESTBOX_ADMIN_EMAIL && e.NESTBOX_ADMIN_PASSWORD
        ? { email: e.NESTBOX_ADMIN_EMAIL, password: e.NESTBOX_ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    metrics: e.NESTBOX_METRICS ? { token: e.NESTBOX_METRICS_TOKEN } : undefined,
    vapidKeys:
      e.NESTBOX_VAPID_PUBLIC_KEY && e.NESTBOX_VAPID_PRIVATE_KEY
        ? { publicKey: e.NESTBOX_VAPID_PUBLIC_KEY, privateKey: e.NESTBOX_VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.NESTBOX_VAPID_SUBJECT ?? vapidSubjectFrom(e.NESTBOX_MAIL_FROM, e.NESTBOX_APP_URL),
    attachments: {
      maxFileBytes: Math.floor(e.NESTBOX_ATTACHMENT_MAX_MB * MB),
      quotaBytes: Math.floor(e.NESTBOX_ATTACHMENT_QUOTA_MB * MB),
      s3: e.NESTBOX_S3_BUCKET
        ? {
            endpoint: e.NESTBOX_S3_ENDPOINT,
            bucket: e.NESTBOX_S3_BUCKET,
            region: e.NESTBOX_S3_REGION ?? 'us-east-1',
            credentials:
              e.NESTBOX_S3_ACCESS_KEY_ID && e.NESTBOX_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.NESTBOX_S3_ACCESS_KEY_ID, secretAccessKey: e.NESTBOX_S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.NESTBOX_S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
  };
}
