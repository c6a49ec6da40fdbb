import { useNotifications } from '@mantine/notifications';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { LoadBoundary, retryableLazy } from '../components/errors/load-boundary';

/** The container and the Mantine code it needs: a chunk of its own, loaded when first needed. */
const NotificationsContainer = retryableLazy(() => import('./notifications-container'));

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const isRequested = () => requested;

/**
 * Mounts the notifications container now, before any notification: the signed-in pages
 * (which show many) ask for it as they open, so each notification slides in as it comes.
 */
export function requestNotifications(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/**
 * Where notifications show. The container mounts once a page asks for it
 * ({@link requestNotifications}) or a first notification is shown, and stays; the logged-out
 * pages, which show none, never load its code.
 */
export function NotificationsHost() {
  const asked = useSyncExternalStore(subscribe, isRequested, isRequested);
  const shown = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  if (!mounted && (asked || shown)) setMounted(true);
  if (!mounted) return null;
  return (
    <LoadBoundary retry={NotificationsContainer.retry} fallback={null}>
      <Suspense fallback={null}>
        <NotificationsContainer />
      </Suspense>
    </LoadBoundary>
  );
}
