/**
 * Administration from a terminal (`npm run admin -- <command>`), on the database the server
 * would use (SQLite in NESTBOX_DATA_DIR, or DATABASE_URL):
 *
 *   create-user --email <e> --name <n> [--password <p>] [--admin]
 *   reseed base|full
 *   backup <file> [--force]
 *   restore <file> [--force]
 */

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  DEMO_EMAILS,
  DEMO_PASSWORD,
  RESEED_TYPES,
  type ReseedType,
} from '@nestbox/shared/admin/admin.schema';
import { EMAIL_PATTERN } from '@nestbox/shared/auth/auth.schema';
import { PASSWORD_MIN_LENGTH } from '@nestbox/shared/constants';
import pino from 'pino';
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config/env.js';
import {
  BackupError,
  type BackupTarget,
  backupDatabase,
  describeReport,
  restoreDatabase,
} from '../db/backup.js';
import { openDatabase } from '../db/connection.js';
import { newId } from '../db/ids.js';
import { migrateToLatest } from '../db/migrate.js';
import { runBaseSeed } from '../db/seeds/base-seed.js';
import { reseedDatabase } from '../db/seeds/reseed.js';
import { attachmentStoreFor } from '../modules/attachments/attachments.contract.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { hashPassword } from '../modules/auth/auth.service.js';
import { findUserByEmail, foldEmail, insertUserWithRootBox } from '../modules/users/users.service.js';

const USAGE = `Usage:
  npm run admin -- create-user --email <email> --name <name> [--password <password>] [--admin]
  npm run admin -- reseed base|full
  npm run admin -- backup <file> [--force]
  npm run admin -- restore <file> [--force]`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0) throw new UsageError(`${command} needs one file.`);
    const sqliteFile = `${config.dataDir}/nestbox.sqlite`;
    const target: BackupTarget = config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'sqlite', file: sqliteFile };
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : sqliteFile;
    const attachments = attachmentStoreFor(config.attachments.s3, config.dataDir);
    try {
      const options = { force: values.force, attachments };
      return command === 'backup'
        ? describeReport('Backed up', where, await backupDatabase(target, file, options))
        : describeReport('Restored', where, await restoreDatabase(target, file, options));
    } finally {
      attachments.close();
    }
  }
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.statementTimeoutMs,
    sqliteFile: `${config.dataDir}/nestbox.sqlite`,
  });
  try {
    await migrateToLatest(database.db);
    const admin = config.admin
      ? { email: config.admin.email, passwordHash: await hashPassword(config.admin.password) }
      : undefined;
    await runBaseSeed(database.db, Date.now(), admin ? { admin } : {});
    const where =
      database.engine === 'sqlite' ? `${config.dataDir}/nestbox.sqlite` : 'PostgreSQL (DATABASE_URL)';

    if (command === 'create-user') {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          name: { type: 'string' },
          password: { type: 'string' },
          admin: { type: 'boolean', default: false },
        },
        strict: true,
      });
      const email = foldEmail(values.email ?? '');
      const name = values.name?.trim() ?? '';
      if (!EMAIL_PATTERN.test(email)) throw new UsageError('--email must be a valid e-mail address.');
      if (!name) throw new UsageError('--name is required.');
      const password = values.password ?? randomBytes(12).toString('base64url');
      if (password.length < PASSWORD_MIN_LENGTH)
        throw new UsageError(`--password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
      if (await findUserByEmail(database.db, email)) throw new UsageError(`${email} already has an account.`);
      const now = Date.now();
      await insertUserWithRootBox(
        database.db,
        {
          id: newId(),
          email,
          name,
          password_hash: await hashPassword(password),
          is_admin: values.admin ? 1 : 0,
          activated_at: now,
          created_at: now,
          updated_at: now,
        },
        newId(),
      );
      return [
        `Created ${values.admin ? 'administrator' : 'user'} ${email} (activated) in ${where}.`,
        values.password ? '' : `Password: ${password}`,
      ]
        .filter(Boolean)
        .join('\n');
    }

    if (command === 'reseed') {
      const type = rest[0];
      if (!RESEED_TYPES.includes(type as ReseedType)) throw new UsageError('reseed needs base or full.');
      // The log goes to stderr: what the command prints stays on stdout.
      const audit = createAuditService({
        db: database.db,
        log: pino({ level: config.logLevel }, pino.destination(2)),
        now: systemClock,
      });
      const { recorded } = await reseedDatabase(database.db, {
        type: type as ReseedType,
        demoPasswordHash: await hashPassword(DEMO_PASSWORD),
        ...(admin ? { admin } : {}),
        inTransaction: (trx) =>
          audit.write(
            trx,
            { type: 'admin.reseed', userId: null, details: { seed: type as ReseedType, via: 'cli' } },
            { ip: null, userAgent: null },
          ),
      });
      if (recorded) audit.log(recorded);
      const lines = [`Re-seeded ${where} (${type}): every previous row is gone.`];
      if (admin) lines.push(`Administrator: ${admin.email} (NESTBOX_ADMIN_PASSWORD).`);
      if (type === 'full')
        lines.push(`Demo accounts (password ${DEMO_PASSWORD}): ${Object.values(DEMO_EMAILS).join(', ')}.`);
      return lines.join('\n');
    }

    throw new UsageError(command ? `Unknown command: ${command}` : 'No command given.');
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (output) => {
    console.log(output);
  },
  (error: unknown) => {
    if (error instanceof BackupError) console.error(error.message);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError) console.error(`Nestbox cannot start.\n${error.message}`);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      console.error(`${error.message}\n\n${USAGE}`);
    else console.error('The command failed:', error);
    process.exitCode = 1;
  },
);
