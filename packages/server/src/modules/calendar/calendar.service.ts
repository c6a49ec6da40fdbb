import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import {
  CALENDAR_SECRET_PATTERN,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarFeedPath,
} from '@nestbox/shared/calendar/calendar.schema';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { matchesEntityTag } from '../../http/entity-tag.js';
import type { Limit, RateLimiter } from '../../http/rate-limit.js';
import type { AuditService } from '../audit/audit.service.js';
import { shownRemindersOnDatedItems, shownRemindersVersion } from '../reminders/reminders.service.js';
import {
  calendarFeedOf,
  datedTextsAlone,
  datedTextsIn,
  datedTextsPage,
  deleteCalendarFeed,
  type FeedCursor,
  type FeedItemRow,
  feedBoxes,
  feedItemsVersion,
  upsertCalendarFeed,
  userOfCalendarFeed,
} from './calendar.repository.js';
import { createFeedWriter, type FeedOwner, vtimezoneOf } from './calendar-feed.js';

/**
 * How often one address may be read: calendar apps read a feed every hour or so
 * (FEED_REFRESH_SECONDS), a few devices each; building a large feed costs seconds of work.
 */
export const FEED_RATE_LIMIT: Limit = { max: 20, windowMs: 10 * 60_000 };

/** How many items are read, and written as events, at a time. */
const FEED_PAGE_SIZE = 100;

/**
 * Changes with anything in how the feed is written, so an app holding a feed written
 * differently gets the new one.
 */
const FEED_FORMAT = 'nestbox-feed-1';

/** A feed's answer: its entity tag, and its text unless the caller holds it already. */
export interface FeedAnswer {
  etag: string;
  body: Readable | null;
}

/** Only the secret's SHA-256 is stored, as for the account links. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The file name a feed is asked for by: `<secret>.ics`. */
const FEED_FILE = /^(.+)\.ics$/;

/**
 * The calendar feed: a secret address per person (256 random bits, only its hash kept) that
 * serves their dated items as iCalendar, for calendar apps to subscribe to. Making a new address
 * replaces the old one at once; turning it off deletes it.
 */
export function createCalendarService({
  db,
  appUrl,
  limiter,
  audit,
  now,
}: {
  db: Executor;
  appUrl: string;
  limiter: RateLimiter;
  /** Records addresses made, replaced and turned off, in their transactions. */
  audit: Pick<AuditService, 'write' | 'log'>;
  now: Clock;
}) {
  /**
   * The feed's text, a piece at a time: the boxes the owner sees are read at once (every path
   * is built from them), then their open dated texts about FEED_PAGE_SIZE at a time (small
   * boxes together, a large one a page at a time), and the event loop is given back between
   * pieces, so a feed of any size never holds other requests up.
   */
  async function* feedText(ownerId: string, owner: FeedOwner): AsyncGenerator<string> {
    const [boxes, reminders] = await Promise.all([
      feedBoxes(db, ownerId),
      shownRemindersOnDatedItems(db, ownerId),
    ]);
    const writer = createFeedWriter({ owner, boxes, reminders, appUrl, now: now() });
    yield writer.head();
    for (let at = 0; at < boxes.length; at += FEED_PAGE_SIZE) {
      yield writer.events(boxes.slice(at, at + FEED_PAGE_SIZE));
      await setImmediate();
    }
    async function* pages(): AsyncGenerator<readonly FeedItemRow[]> {
      let batch: string[] = [];
      let batchTexts = 0;
      for (const box of boxes) {
        if (box.dated_texts === 0) continue;
        if (box.dated_texts > FEED_PAGE_SIZE) {
          let after: FeedCursor | null = null;
          for (;;) {
            const page = await datedTextsPage(db, box.id, after, FEED_PAGE_SIZE);
            yield page;
            const last = page.at(-1);
            if (!last || page.length < FEED_PAGE_SIZE) break;
            after = { position: last.position, id: last.id };
          }
          continue;
        }
        if (batchTexts + box.dated_texts > FEED_PAGE_SIZE) {
          yield datedTextsIn(db, batch);
          batch = [];
          batchTexts = 0;
        }
        batch.push(box.id);
        batchTexts += box.dated_texts;
      }
      yield datedTextsIn(db, batch);
      yield datedTextsAlone(db, ownerId);
    }
    for await (const page of pages()) {
      if (page.length > 0) yield writer.events(page);
      // SQLite answers without a turn of the event loop: one is given here.
      await setImmediate();
    }
    yield writer.end();
  }

  return {
    async status(user: UserRow): Promise<CalendarFeedStatus> {
      const feed = await calendarFeedOf(db, user.id);
      return { active: feed !== undefined, createdAt: feed?.createdAt ?? null };
    },

    /** A new address for the user's feed; the previous one, if any, stops working. */
    async create(user: UserRow): Promise<CalendarFeedCreated> {
      const secret = randomBytes(32).toString('base64url');
      const entry = await db.transaction().execute(async (trx) => {
        const replaced = (await calendarFeedOf(trx, user.id)) !== undefined;
        await upsertCalendarFeed(trx, { userId: user.id, secretHash: hashSecret(secret), now: now() });
        return audit.write(trx, {
          type: replaced ? 'calendar.regenerated' : 'calendar.created',
          userId: user.id,
          details: {},
        });
      });
      audit.log(entry);
      return { url: `${appUrl}${calendarFeedPath(secret)}` };
    },

    async revoke(user: UserRow): Promise<void> {
      const entry = await db
        .transaction()
        .execute(async (trx) =>
          (await deleteCalendarFeed(trx, user.id))
            ? audit.write(trx, { type: 'calendar.revoked', userId: user.id, details: {} })
            : undefined,
        );
      if (entry) audit.log(entry);
    },

    /**
     * The feed asked for by its file name: undefined when the name is malformed, the secret
     * unknown or revoked, or its owner no longer active (the caller answers 404 alike);
     * otherwise its entity tag and, unless the caller holds that version already (`ifNoneMatch`,
     * the request's If-None-Match), the text as a stream. Each address may be read
     * FEED_RATE_LIMIT times per window (429 beyond).
     */
    async feed(fileName: string, ifNoneMatch?: string): Promise<FeedAnswer | undefined> {
      const secret = FEED_FILE.exec(fileName)?.[1];
      if (!secret || !CALENDAR_SECRET_PATTERN.test(secret)) return undefined;
      const secretHash = hashSecret(secret);
      await limiter.consume(`calendar-feed:${secretHash}`, FEED_RATE_LIMIT);
      const owner = await userOfCalendarFeed(db, secretHash);
      if (!owner) return undefined;
      const feedOwner: FeedOwner = {
        locale: userLocaleOf(owner.locale),
        timezone: owner.timezone,
      };
      const [items, reminders] = await Promise.all([
        feedItemsVersion(db, owner.id),
        shownRemindersVersion(db, owner.id),
      ]);
      const etag = `"${createHash('sha256')
        // The zone's VTIMEZONE too: its rules change with the time-zone data.
        .update(
          [
            FEED_FORMAT,
            appUrl,
            owner.id,
            feedOwner.locale,
            feedOwner.timezone,
            vtimezoneOf(feedOwner.timezone),
            items,
            reminders,
          ].join('\n'),
        )
        .digest('base64url')
        .slice(0, 27)}"`;
      if (ifNoneMatch !== undefined && matchesEntityTag(ifNoneMatch, etag)) return { etag, body: null };
      return { etag, body: Readable.from(feedText(owner.id, feedOwner), { objectMode: false }) };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;

/** How an item's date, repeat and reminders are written in iCalendar: the feed's rules, for CalDAV's tasks too. */
export { dayOfEvent, feedRule, icalText, triggerOf, vtimezoneOf } from './calendar-feed.js';
