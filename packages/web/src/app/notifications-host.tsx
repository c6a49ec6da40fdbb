import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { LoadBoundary, retryableLazy } from '../components/errors/load-boundary';

/** The container and the Mantine code it needs: a chunk of its own, loaded when first needed. */
const NotificationsContainer = retryableLazy(() => import('./notifications-container'));

/**
 * Where notifications show. The container mounts with the first notification shown (the
 * notifications' store holds it meanwhile) and stays, so no page loads its code before it
 * has something to say.
 */
export function NotificationsHost() {
  const shown = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(false);
  if (!mounted && shown) setMounted(true);
  if (!mounted) return null;
  return (
    <LoadBoundary retry={NotificationsContainer.retry} fallback={null}>
      <Suspense fallback={null}>
        <NotificationsContainer />
      </Suspense>
    </LoadBoundary>
  );
}
