import { z } from 'zod';

/**
 * The calendar feed (Application Settings → Data): a secret address a calendar app subscribes
 * to, serving the person's dated items as iCalendar. Only the secret's SHA-256 is kept, so the
 * address itself is answered once, when it is made.
 */

/** `POST /api/calendar/feed`: the new address; any earlier one stops working at once. */
export const CalendarFeedCreatedSchema = z
  .object({
    url: z.string().describe('`<NESTBOX_APP_URL>/calendar/<secret>.ics`: anyone holding it reads the feed.'),
  })
  .meta({ id: 'CalendarFeedCreated' });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;

/** `GET /api/calendar/feed`: whether the caller has a feed, and since when. */
export const CalendarFeedStatusSchema = z
  .object({
    active: z.boolean(),
    createdAt: z
      .number()
      .nullable()
      .describe('When the current address was made (UTC ms); null without one.'),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** `DELETE /api/calendar/feed`. */
export const CalendarFeedDeletedSchema = z
  .object({ ok: z.literal(true) })
  .meta({ id: 'CalendarFeedDeleted' });

/** 256 random bits, base64url: 43 characters of A–Z, a–z, 0–9, '-' and '_'. */
export const CALENDAR_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The feed's path below the app's address, for a secret. */
export const calendarFeedPath = (secret: string) => `/calendar/${secret}.ics`;
