import { DEFAULT_TIMEZONE } from '@nestbox/shared/constants';

/** The browser's IANA time zone, or Europe/London when it cannot tell. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** The browser's own list of time zones, used when the server's list cannot be fetched. */
export function browserTimezones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [DEFAULT_TIMEZONE];
  }
}
