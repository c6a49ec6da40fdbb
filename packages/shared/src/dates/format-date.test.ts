import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.js';

describe('formatDate', () => {
  const instant = Date.UTC(2026, 0, 31, 23, 30); // 31 Jan 2026 23:30 UTC

  it('shows dd-MMM-yyyy in the user time zone', () => {
    expect(formatDate(instant, 'Europe/London', 'en-GB')).toBe('31-Jan-2026');
    expect(formatDate(instant, 'Europe/Paris', 'en-GB')).toBe('01-Feb-2026');
    expect(formatDate(instant, 'America/Los_Angeles', 'en-GB')).toBe('31-Jan-2026');
  });

  it('uses French month names in French', () => {
    expect(formatDate(instant, 'Europe/Paris', 'fr')).toBe('01-févr.-2026');
  });

  it('accepts another pattern', () => {
    expect(formatDate(instant, 'Pacific/Auckland', 'en-GB', 'dd-MMM-yy')).toBe('01-Feb-26');
  });
});
