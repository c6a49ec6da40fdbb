/**
 * The time as the app reads it, in UTC milliseconds. Every module that needs the date or the
 * time of day is handed one `now` (the app context's), so tests, jobs and benches can state
 * the date instead of inheriting the machine's.
 */
export type Clock = () => number;

/** The machine's clock (read through `Date`, so a test's fake timers move it too). */
export const systemClock: Clock = () => Date.now();

/** A clock that reads `start` now and runs on at the machine's pace from there. */
export function clockStartingAt(start: number): Clock {
  const offset = start - Date.now();
  return () => Date.now() + offset;
}

/** A clock that reads `at` until told otherwise, for tests that step through time. */
export function fixedClock(at: number): Clock & { set(next: number): void; advance(ms: number): void } {
  let current = at;
  return Object.assign(() => current, {
    set(next: number) {
      current = next;
    },
    advance(ms: number) {
      current += ms;
    },
  });
}
