import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_SECRET_PATTERN,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarFeedPath,
} from '@nestbox/shared/calendar/calendar.schema';
import { isUserLocale } from '@nestbox/shared/i18n/locales';
import type { Clock } from '../../clock.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { shownRemindersOnDatedItems } from '../reminders/index.js';
import {
  calendarFeedOf,
  deleteCalendarFeed,
  feedItems,
  upsertCalendarFeed,
  userOfCalendarFeed,
} from './calendar.repository.js';
import { buildCalendarFeed } from './calendar-feed.js';

/** Only the secret's SHA-256 is stored, as for the account links. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The file name a feed is asked for by: `<secret>.ics`. */
const FEED_FILE = /^(.+)\.ics$/;

/**
 * The calendar feed: a secret address per person (256 random bits, only its hash kept) that
 * serves their dated items as iCalendar, for calendar apps to subscribe to. Making a new address
 * replaces the old one at once; turning it off deletes it.
 */
export function createCalendarService({ db, appUrl, now }: { db: Executor; appUrl: string; now: Clock }) {
  return {
    async status(user: UserRow): Promise<CalendarFeedStatus> {
      const feed = await calendarFeedOf(db, user.id);
      return { active: feed !== undefined, createdAt: feed?.createdAt ?? null };
    },

    /** A new address for the user's feed; the previous one, if any, stops working. */
    async create(user: UserRow): Promise<CalendarFeedCreated> {
      const secret = randomBytes(32).toString('base64url');
      await upsertCalendarFeed(db, { userId: user.id, secretHash: hashSecret(secret), now: now() });
      return { url: `${appUrl}${calendarFeedPath(secret)}` };
    },

    async revoke(user: UserRow): Promise<void> {
      await deleteCalendarFeed(db, user.id);
    },

    /**
     * The feed asked for by its file name, or undefined when the name is malformed, the secret
     * unknown or revoked, or its owner no longer active: the caller answers 404 alike.
     */
    async feed(fileName: string): Promise<string | undefined> {
      const secret = FEED_FILE.exec(fileName)?.[1];
      if (!secret || !CALENDAR_SECRET_PATTERN.test(secret)) return undefined;
      const owner = await userOfCalendarFeed(db, hashSecret(secret));
      if (!owner) return undefined;
      const [items, reminders] = await Promise.all([
        feedItems(db, owner.id),
        shownRemindersOnDatedItems(db, owner.id),
      ]);
      return buildCalendarFeed({
        owner: { locale: isUserLocale(owner.locale) ? owner.locale : 'en-GB', timezone: owner.timezone },
        items,
        reminders,
        appUrl,
        now: now(),
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
