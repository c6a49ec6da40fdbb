import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Config } from './config/env.js';
import type { Secrets } from './config/secrets.js';
import type { DbEngine } from './db/connection.js';
import type { Database } from './db/schema.js';

/** What every module is given when it is registered: configuration and connections, nothing global. */
export interface AppContext {
  config: Config;
  secrets: Secrets;
  db: Kysely<Database>;
  dbEngine: DbEngine;
  redis: Redis | undefined;
  /** The app's clock: every date and time the server reads comes from it. */
  now: Clock;
}
