import type { Timezone } from '@nestbox/shared/reference/reference.schema';

const CACHE_MS = 15 * 60_000;
let cache: { at: number; zones: Timezone[] } | undefined;

/** Minutes east of UTC for a "GMT+01:00"-style name ("GMT" alone is zero). */
function parseOffset(gmt: string): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(gmt);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Every IANA time zone the runtime knows, with its offset now, ordered by offset then name.
 * Offsets move with daylight saving, so the list is rebuilt every quarter of an hour.
 */
export function listTimezones(now: number): Timezone[] {
  if (cache && now - cache.at < CACHE_MS) return cache.zones;
  const instant = new Date(now);
  const zones = Intl.supportedValuesOf('timeZone').map((id) => {
    const name =
      new Intl.DateTimeFormat('en-GB', { timeZone: id, timeZoneName: 'longOffset' })
        .formatToParts(instant)
        .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const offset = parseOffset(name);
    return { id, offset, label: `(${formatOffset(offset)}) ${id.replaceAll('_', ' ')}` };
  });
  zones.sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id));
  cache = { at: now, zones };
  return zones;
}
