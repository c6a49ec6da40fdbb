import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockStartingAt, fixedClock, systemClock } from './clock.js';

describe('the app clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the machine clock by default', () => {
    vi.useFakeTimers({ now: Date.UTC(2028, 1, 29, 23, 30) });
    expect(systemClock()).toBe(Date.UTC(2028, 1, 29, 23, 30));
  });

  it('starts where it is told and runs on at the machine pace', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 3) });
    const now = clockStartingAt(Date.UTC(2026, 11, 31, 22, 30));
    expect(now()).toBe(Date.UTC(2026, 11, 31, 22, 30));
    vi.advanceTimersByTime(90_000);
    expect(now()).toBe(Date.UTC(2026, 11, 31, 22, 31, 30));
  });

  it('stands still until it is set or advanced', () => {
    const now = fixedClock(Date.UTC(2027, 2, 28, 0, 59));
    expect(now()).toBe(Date.UTC(2027, 2, 28, 0, 59));
    now.advance(60_000);
    expect(now()).toBe(Date.UTC(2027, 2, 28, 1));
    now.set(Date.UTC(2027, 9, 31, 1));
    expect(now()).toBe(Date.UTC(2027, 9, 31, 1));
  });
});
