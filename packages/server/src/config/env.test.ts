import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

describe('loadConfig', () => {
  it('gives safe defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/nestbox');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/nestbox/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      appUrl: 'http://localhost:3000',
      recaptcha: undefined,
      slack: undefined,
      trustProxy: false,
      e2e: false,
      allowReseed: false,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        NESTBOX_DATA_DIR: '/var/lib/nestbox',
        DATABASE_URL: 'postgres://u@db/nestbox',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtp://mail:25',
        NESTBOX_APP_URL: 'https://nestbox.example/',
        NESTBOX_JWT_SECRET: 'x'.repeat(40),
        RECAPTCHA_SECRET: 's',
        RECAPTCHA_SITE_KEY: 'k',
        SLACK_CLIENT_ID: 'id',
        SLACK_CLIENT_SECRET: 'secret',
        SLACK_SIGNING_SECRET: 'signing',
        NESTBOX_E2E: '1',
        NESTBOX_ALLOW_RESEED: 'true',
        NESTBOX_TRUST_PROXY: 'yes',
        NESTBOX_E2E_NOW: '2026-12-05T09:00:00Z',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/nestbox',
      databaseUrl: 'postgres://u@db/nestbox',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtp://mail:25',
      appUrl: 'https://nestbox.example',
      jwtSecret: 'x'.repeat(40),
      recaptcha: { secret: 's', siteKey: 'k' },
      slack: {
        clientId: 'id',
        clientSecret: 'secret',
        signingSecret: 'signing',
        apiUrl: 'https://slack.com/api/',
      },
      trustProxy: true,
      e2e: true,
      e2eNow: Date.UTC(2026, 11, 5, 9),
      allowReseed: true,
    });
  });

  it('lets only the browser journeys state the date, and only a date it can read', () => {
    expect(() => loadConfig({ NESTBOX_E2E_NOW: '2026-12-05T09:00:00Z' })).toThrow(
      /NESTBOX_E2E_NOW: only the browser journeys \(NESTBOX_E2E=1\) may set the clock/,
    );
    expect(() => loadConfig({ NESTBOX_E2E: '1', NESTBOX_E2E_NOW: 'next friday' })).toThrow(
      /NESTBOX_E2E_NOW: must be a date and time/,
    );
    expect(loadConfig({ NESTBOX_E2E: '1' }).e2eNow).toBeUndefined();
  });

  it('fails with a message naming every bad variable and its value', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', NESTBOX_JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Invalid configuration:');
      expect(message).toContain('PORT: must be a whole number between 0 and 65535 (got "eighty")');
      expect(message).toContain(
        'DATABASE_URL: must be a PostgreSQL URL starting with postgres:// or postgresql://',
      );
      expect(message).toContain('NESTBOX_JWT_SECRET: must be at least 32 characters long');
    }
  });

  it('refuses half-configured integrations', () => {
    expect(() => loadConfig({ SLACK_CLIENT_ID: 'only-one' })).toThrow(
      'SLACK_CLIENT_ID: set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET together, or none of them',
    );
    expect(() => loadConfig({ RECAPTCHA_SECRET: 's' })).toThrow(
      /RECAPTCHA_SECRET: set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY together/,
    );
  });

  it('reads single sign-on all or nothing, and only with its client', () => {
    const oidc = {
      NESTBOX_OIDC_ISSUER: 'https://auth.example.org/application/o/nestbox/',
      NESTBOX_OIDC_CLIENT_ID: 'nestbox',
      NESTBOX_OIDC_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig(oidc).oidc).toEqual({
      ...{ issuer: oidc.NESTBOX_OIDC_ISSUER, clientId: 'nestbox' },
      clientSecret: 'secret',
      name: 'single sign-on',
      only: false,
    });
    expect(
      loadConfig({ ...oidc, NESTBOX_OIDC_NAME: 'Authentik', NESTBOX_OIDC_ONLY: '1' }).oidc,
    ).toMatchObject({
      name: 'Authentik',
      only: true,
    });
    expect(() => loadConfig({ NESTBOX_OIDC_ISSUER: oidc.NESTBOX_OIDC_ISSUER })).toThrow(
      'NESTBOX_OIDC_ISSUER: set NESTBOX_OIDC_ISSUER, NESTBOX_OIDC_CLIENT_ID and NESTBOX_OIDC_CLIENT_SECRET together, or none of them',
    );
    expect(() => loadConfig({ ...oidc, NESTBOX_OIDC_ISSUER: 'auth.example.org' })).toThrow(
      /NESTBOX_OIDC_ISSUER: must be a web URL starting with http:\/\/ or https:\/\//,
    );
    expect(() => loadConfig({ NESTBOX_OIDC_ONLY: 'yes' })).toThrow(
      /NESTBOX_OIDC_ONLY: needs single sign-on configured/,
    );
  });

  it('rejects an out-of-range port and an unknown flag value', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ NESTBOX_E2E: 'maybe' })).toThrow(/NESTBOX_E2E/);
  });

  it('reads the attachment limits in megabytes, and turns S3 storage on with its bucket', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({}).attachments).toEqual({
      maxFileBytes: 25 * MB,
      quotaBytes: 1024 * MB,
      s3: undefined,
    });
    const config = loadConfig({
      NESTBOX_ATTACHMENT_MAX_MB: '10',
      NESTBOX_ATTACHMENT_QUOTA_MB: '0.5',
      NESTBOX_S3_ENDPOINT: 'http://minio:9000',
      NESTBOX_S3_BUCKET: 'nestbox',
      NESTBOX_S3_ACCESS_KEY_ID: 'key',
      NESTBOX_S3_SECRET_ACCESS_KEY: 'secret',
      NESTBOX_S3_FORCE_PATH_STYLE: '1',
    });
    expect(config.attachments).toEqual({
      maxFileBytes: 10 * MB,
      quotaBytes: MB / 2,
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'nestbox',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
    // Without keys the SDK finds its own (an instance role, say); AWS's endpoint by default.
    expect(loadConfig({ NESTBOX_S3_BUCKET: 'b', NESTBOX_S3_REGION: 'eu-west-3' }).attachments.s3).toEqual({
      endpoint: undefined,
      bucket: 'b',
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses bad attachment limits and half an S3 configuration', () => {
    expect(() => loadConfig({ NESTBOX_ATTACHMENT_MAX_MB: '0' })).toThrow(
      'NESTBOX_ATTACHMENT_MAX_MB: must be a number of megabytes greater than 0 (got "0")',
    );
    expect(() => loadConfig({ NESTBOX_ATTACHMENT_QUOTA_MB: 'lots' })).toThrow(/NESTBOX_ATTACHMENT_QUOTA_MB/);
    expect(() => loadConfig({ NESTBOX_S3_BUCKET: 'b', NESTBOX_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /NESTBOX_S3_ACCESS_KEY_ID: set NESTBOX_S3_ACCESS_KEY_ID and NESTBOX_S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ NESTBOX_S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /NESTBOX_S3_BUCKET: the other NESTBOX_S3_\* settings need NESTBOX_S3_BUCKET/,
    );
    expect(() => loadConfig({ NESTBOX_S3_BUCKET: 'b', NESTBOX_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /NESTBOX_S3_ENDPOINT: must be a web URL/,
    );
  });
});
