import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  INTEROP_PACKAGES,
  makeRadicaleCollection,
  missingInteropTools,
  type Radicale,
  runInterop,
  startRadicale,
} from './interop-runner.js';
import { runInteropScenario } from './interop-scenario.js';

const account = { user: 'ada@example.com', password: 'nbx_radicale-interop' };
const collections: [string, string] = ['Garden jobs', 'Errands'];

// Radicale, not Nestbox, serves here and no database is touched: on the PostgreSQL run this
// file would only repeat the SQLite run's work.
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('the interop scenario against Radicale', () => {
  let radicale: Radicale | undefined;

  beforeAll(async () => {
    // Missing clients fail the run rather than skip it: `npm test` and .ci/run install them.
    const missing = missingInteropTools();
    if (missing.length > 0) {
      throw new Error(
        `Missing ${missing.join(', ')}: apt-get install ${INTEROP_PACKAGES.join(' ')} (npm test does it when run as root).`,
      );
    }
    radicale = await startRadicale(account);
    for (const name of collections) {
      await makeRadicaleCollection(radicale.url, account.user, account.password, name);
    }
  }, 30_000);

  afterAll(async () => {
    await radicale?.stop();
  });

  it('keeps vdirsyncer and todoman in step with the server, field by field', async () => {
    const url = radicale?.url ?? '';
    const dav = { DAV_URL: url, DAV_USER: account.user, DAV_PASSWORD: account.password };
    await runInteropScenario({
      url,
      user: account.user,
      password: account.password,
      collections,
      // Radicale has no API but CalDAV, so its side is edited and read with python-caldav.
      edit: async (uid, { summary, due }) => {
        await runInterop('server-edit', { ...dav, UID: uid, SUMMARY: summary, DUE: due });
      },
      read: async (uid) => {
        const { collections: found } = await runInterop('server-read', dav);
        const todo = found.flatMap((c) => c.todos).find((t) => t.uid === uid);
        if (!todo) throw new Error(`no todo ${uid} on Radicale`);
        return { summary: todo.summary, due: todo.due, completed: todo.status === 'COMPLETED' };
      },
    });
  }, 240_000);
});
