import { SESSION_END_REASONS, type SessionEndReason } from '@nestbox/shared/realtime/events';
import { isKnownPagePath, PAGE_PATHS } from '@nestbox/shared/routes';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../config/storage-keys';
import { readItem, writeItem } from './local-store';
import { sessionStore } from './session-store';

/** The logged-in user as `POST /auth/login` returns it; only the fields the shell relies on are typed. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  locale?: string;
  timezone?: string;
  isAdmin?: boolean;
}

/** The bearer token of the current session, or `null` when logged out. */
export function getToken(): string | null {
  const token = readItem(STORAGE_KEYS.token);
  return token ? token : null;
}

/** Keeps a new session: the token and the user (as JSON). */
export function saveSession(token: string, user: SessionUser): void {
  writeItem(STORAGE_KEYS.user, JSON.stringify(user));
  writeItem(STORAGE_KEYS.token, token);
}

/**
 * Replaces the token of the current session, e.g. after a password change: the server
 * revokes every older token, including the one that made the call.
 */
export function saveToken(token: string): void {
  writeItem(STORAGE_KEYS.token, token);
}

/** Forgets the token and the user (logout, HTTP 401). The locale and preferences stay. */
export function clearSession(): void {
  writeItem(STORAGE_KEYS.token, null);
  writeItem(STORAGE_KEYS.user, null);
  writeItem(STORAGE_KEYS.endSessionUrl, null);
  // What the person typed and did not send is theirs alone.
  sessionStore()?.removeItem(SESSION_STORAGE_KEYS.commentDrafts);
}

/** A session made by single sign-on: logging out goes on to end the provider's session here. */
export function saveEndSessionUrl(url: string | null): void {
  writeItem(STORAGE_KEYS.endSessionUrl, url);
}

/** Where logging out ends the provider's session too, or `null` (a password session). */
export function getEndSessionUrl(): string | null {
  return readItem(STORAGE_KEYS.endSessionUrl);
}

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'string' && typeof user.name === 'string' && typeof user.email === 'string';
}

/** The stored user, or `null` when absent or unreadable. */
export function getStoredUser(): SessionUser | null {
  const json = readItem(STORAGE_KEYS.user);
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Router state of `/logout` and the login page: why the server ended the session, when it
 * did, and the app page the person was going to, to go on there after logging in.
 */
export interface SessionEndedState {
  sessionEnded?: SessionEndReason;
  returnTo?: string;
}

/** The reason carried by a router state, or undefined. */
export function sessionEndedOf(state: unknown): SessionEndReason | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const reason = (state as Record<string, unknown>).sessionEnded;
  return SESSION_END_REASONS.find((known) => known === reason);
}

/** The app page a router state asks to return to after login (only pages of the app itself). */
export function returnToOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const returnTo = (state as Record<string, unknown>).returnTo;
  if (typeof returnTo !== 'string') return undefined;
  const pathname = returnTo.split(/[?#]/)[0] ?? '';
  return pathname.startsWith(`${PAGE_PATHS.app}/`) && isKnownPagePath(pathname) ? returnTo : undefined;
}
