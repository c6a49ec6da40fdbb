/**
 * Is this an IANA time zone name the runtime knows (aliases such as Asia/Kolkata included)?
 * A user's time zone is checked with it wherever one is saved or read from a file.
 */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
