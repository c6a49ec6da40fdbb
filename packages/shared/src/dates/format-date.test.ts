import { describe, expect, it } from 'vitest';
import { formatDate, formatSpecDate } from './format-date.js';

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

describe('formatSpecDate', () => {
  const instant = Date.UTC(2026, 8, 30, 23, 30); // 30 Sep 2026 23:30 UTC

  it('writes dd-MMM-yyyy, or dd-MMM-yy when short, in the user time zone', () => {
    expect(formatSpecDate(instant, 'Europe/London', 'en-GB')).toBe('01-Oct-2026');
    expect(formatSpecDate(instant, 'America/New_York', 'en-GB')).toBe('30-Sep-2026');
    expect(formatSpecDate(instant, 'America/New_York', 'en-GB', { short: true })).toBe('30-Sep-26');
  });

  it('names the month in the user language', () => {
    expect(formatSpecDate(instant, 'America/New_York', 'fr')).toBe('30-sept.-2026');
    expect(formatSpecDate(instant, 'Europe/Paris', 'fr', { short: true })).toBe('01-oct.-26');
  });
});
