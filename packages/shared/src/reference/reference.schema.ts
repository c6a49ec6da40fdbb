import { z } from 'zod';
import { USER_LOCALES } from '../i18n/locales.js';

/** `GET /api/languages/get-languages`. */
export const LanguagesResponseSchema = z
  .array(z.object({ locale: z.enum(USER_LOCALES), name: z.string() }))
  .meta({ id: 'Languages' });

/** One IANA time zone with its current UTC offset. */
export const TimezoneSchema = z.object({
  id: z.string().describe('IANA name, e.g. Europe/London.'),
  label: z.string().describe('Readable label with the current offset, e.g. "(UTC+01:00) Europe/Paris".'),
  offset: z.number().describe('Current offset from UTC in minutes.'),
});

/** `GET /api/timezones/get-timezones`. */
export const TimezonesResponseSchema = z.array(TimezoneSchema).meta({ id: 'Timezones' });

export type Timezone = z.infer<typeof TimezoneSchema>;

export type LanguagesResponse = z.infer<typeof LanguagesResponseSchema>;
export type TimezonesResponse = z.infer<typeof TimezonesResponseSchema>;
