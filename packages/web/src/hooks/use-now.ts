import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;

/**
 * One minute clock for the whole page: every row that shows a date reads it, and one timer
 * serves them all, so that Today, Tomorrow and overdue follow midnight while the page stays open.
 */
const thisMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;
let current = thisMinute();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    current = thisMinute();
    timer = setInterval(() => {
      current = thisMinute();
      for (const notify of listeners) notify();
    }, MINUTE);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/** Read between renders with no row mounted, the clock may be stale: the minute is read again. */
function snapshot() {
  if (listeners.size === 0) current = thisMinute();
  return current;
}

/** The current minute (UTC ms, seconds dropped), read again every minute. */
export function useNow(): number {
  // The same read when rendered to markup (the components' tests).
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
