import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { insertResetToken } from '../auth/auth.service.js';
import { appendTexts } from '../items/items.service.js';
import { activateIfPending, deleteUserByEmail, findUserByEmail } from '../users/users.service.js';

const EmailBody = z.object({ email: z.string().min(3) });

/**
 * End-to-end helpers (API.md), mounted only when NESTBOX_E2E=1: shortcuts a browser test
 * needs, never reachable in production. As test harness, it may use other modules' repositories.
 */
export const e2eRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  now: Clock;
  runReminders?: (now: number, options: { userId?: string }) => Promise<number>;
}> = async (app, { db, now: clock, runReminders }) => {
  const tags = ['e2e helpers (NESTBOX_E2E=1 only)'];

  // Reminders: runs the reminders job as if the clock said `now` (a repeat a minute away
  // is tested without waiting a minute); the real scheduler keeps running beside it. With an
  // e-mail, only that person's reminders: journeys running side by side on one server each
  // move their own clock, never another's.
  if (runReminders)
    app.post(
      '/e2e/reminders/run',
      { schema: { tags, body: z.object({ now: z.number().int(), email: z.string().min(3).optional() }) } },
      async (request) => {
        const { now, email } = request.body;
        if (email === undefined) return { fired: await runReminders(now, {}) };
        const user = await findUserByEmail(db, email);
        if (!user) throw appErrors.notFound();
        return { fired: await runReminders(now, { userId: user.id }) };
      },
    );

  // The server's time now: journeys on a server started at a stated date (NESTBOX_E2E_NOW)
  // compute their dates, and set the browser's clock, from it rather than the machine's.
  app.get('/e2e/clock', { schema: { tags } }, async () => ({ now: clock() }));

  app.post('/e2e/user/activate', { schema: { tags, body: EmailBody } }, async (request) => {
    const user = await findUserByEmail(db, request.body.email);
    if (!user) throw appErrors.notFound();
    await activateIfPending(db, user.id, clock());
    return { ok: true };
  });

  // A reset link without the e-mail round trip; `expired: true` makes one that has already expired.
  app.post(
    '/e2e/user/password-reset',
    { schema: { tags, body: EmailBody.extend({ expired: z.boolean().default(false) }) } },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (!user) throw appErrors.notFound();
      const verifyId = await insertResetToken(db, user.id, { now: clock(), expired: request.body.expired });
      return { verifyId };
    },
  );

  app.post('/e2e/user/remove', { schema: { tags, body: EmailBody } }, async (request) => {
    return { removed: await deleteUserByEmail(db, request.body.email) };
  });

  // A big box without thousands of calls: texts appended to a box at once, made by the user
  // with this address (no live events: a page shows them once it reads the box).
  app.post(
    '/e2e/items/append-texts',
    {
      schema: {
        tags,
        body: EmailBody.extend({
          boxId: z.string().min(1),
          titles: z.array(z.string().max(TEXT_TITLE_MAX_LENGTH)).min(1).max(20_000),
        }),
      },
    },
    async (request) => {
      const { email, boxId, titles } = request.body;
      const user = await findUserByEmail(db, email);
      if (!user) throw appErrors.notFound();
      await appendTexts(db, { parentId: boxId, createdBy: user.id, titles, now: clock() });
      return { appended: titles.length };
    },
  );
};
