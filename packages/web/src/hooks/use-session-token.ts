import { useSyncExternalStore } from 'react';
import { subscribeToStorage } from '../lib/local-store';
import { getToken } from '../lib/session';

/**
 * The current session token. React reads it again on every render of the calling
 * component and whenever storage changes (a logout in another tab included).
 */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeToStorage, getToken, getToken);
}
