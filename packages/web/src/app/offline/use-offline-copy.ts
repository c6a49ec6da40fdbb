import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { keepOffline, restoreOffline, sessionUserId } from '../../lib/offline-cache';
import { getToken } from '../../lib/session';
import { handleItemChanges } from './item-changes';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Where the saved copy stands: not asked for, being read, or read (whether there was one or not). */
export type OfflineCopy = 'unused' | 'restoring' | 'restored';

/**
 * This device's copy of the signed-in screens. Once the user is loaded, what the screens show
 * is saved as it changes. When the network is down (or the server cannot be reached) before
 * the user is loaded, the saved copy is read back, so the app opens on what it last showed.
 * Online, only the changes that waited for the network are read back (a reload while they
 * waited), and sent.
 */
export function useOfflineCopy({
  userId,
  unreachable,
}: {
  userId: string | undefined;
  unreachable: boolean;
}) {
  const queryClient = useQueryClient();
  const [copy, setCopy] = useState<OfflineCopy>('unused');
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnline);
  const needed = unreachable || !online;

  useEffect(() => handleItemChanges(queryClient), [queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the screens' copy is read below when needed.
  useEffect(() => {
    const savedFor = sessionUserId(getToken());
    if (!savedFor || needed) return;
    restoreOffline(queryClient, savedFor, { screens: false })
      .then(() => queryClient.resumePausedMutations())
      .catch(() => {});
  }, [queryClient]);

  useEffect(() => {
    if (!needed || copy !== 'unused') return;
    const savedFor = sessionUserId(getToken());
    if (!savedFor) {
      setCopy('restored');
      return;
    }
    setCopy('restoring');
    restoreOffline(queryClient, savedFor, { screens: true })
      // An unreadable copy (storage disabled, a broken entry) is as good as none.
      .catch(() => {})
      .finally(() => setCopy('restored'));
  }, [needed, copy, queryClient]);

  useEffect(() => (userId ? keepOffline(queryClient, userId) : undefined), [queryClient, userId]);

  return copy;
}
