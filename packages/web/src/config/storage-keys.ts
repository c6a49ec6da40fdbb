/**
 * Every key this app writes to local storage. The session token and user are cleared on
 * logout; the locale and preferences survive it, so the login page keeps the user's language.
 */
export const STORAGE_KEYS = {
  /** Bearer token of the logged-in session (SPEC §4: kept in local storage). */
  token: 'nestbox.token',
  /** JSON of the logged-in user as returned by `POST /auth/login`. */
  user: 'nestbox.user',
  /** The user's locale (en-GB or fr); wins over the browser's languages. */
  locale: 'nestbox.locale',
  /** `'true'` or `'false'`: whether tooltips show (Customizations tab). */
  tooltipsEnabled: 'nestbox.tooltipsEnabled',
  /** `'true'` turns the live-update socket off (SPEC §4 "stop-socket flag"). */
  stopSocket: 'nestbox.stopSocket',
  /** `'side-by-side'` or `'stacked'`: the header's Toggle Layout flag. */
  layout: 'nestbox.layout',
  /**
   * `'auto'`, `'light'` or `'dark'`: this device's copy of the account's colours, so a signed-in
   * page opens in them before the account arrives. Cleared on logout.
   */
  colorScheme: 'nestbox.colorScheme',
  /**
   * Where logging out also ends the provider's session, for a session made by single sign-on
   * (the provider's end-session address with the ID token as a hint). Cleared on logout.
   */
  endSessionUrl: 'nestbox.endSessionUrl',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys this app writes to session storage (this tab only, gone when it closes). */
export const SESSION_STORAGE_KEYS = {
  /** A notification to show once the page has reloaded (after a language or timezone change). */
  pendingNotification: 'nestbox.pendingNotification',
  /** What is typed in each item's comment field and not sent yet (JSON: item id → text). Cleared on logout. */
  commentDrafts: 'nestbox.commentDrafts',
} as const;
