import { onlineManager } from '@tanstack/react-query';

/** How often the server is asked whether it can be reached again, once a request found none. */
const PROBE_MS = 5_000;

let probe: ReturnType<typeof setInterval> | undefined;

/**
 * A request of the signed-in app found no server: the device may say it is online (a captive
 * portal, a server that is down, a network that only pretends), but for the app it is
 * offline. Queries and changes then wait (TanStack Query's online manager) instead of failing
 * one by one, the screens keep what they show, and the server is asked every few seconds
 * until it answers; the browser's own `online` event also ends the wait.
 */
export function markUnreachable(healthUrl = '/api/health'): void {
  onlineManager.setOnline(false);
  if (probe !== undefined) return;
  const stop = () => {
    clearInterval(probe);
    probe = undefined;
    unsubscribe();
  };
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) stop();
  });
  // Only a server that says it can serve ends the wait: one shutting down answers 503.
  probe = setInterval(() => {
    fetch(healthUrl, { cache: 'no-store' }).then(
      (response) => {
        if (response.ok) onlineManager.setOnline(true);
      },
      () => {},
    );
  }, PROBE_MS);
}
