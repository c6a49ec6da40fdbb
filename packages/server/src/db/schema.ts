import type {
  AutoArchiveDuration,
  ColorScheme,
  OpenBoxesIn,
  OrderDirection,
  UnprioritizedOrderColumn,
} from '@nestbox/shared/constants';
import type { ItemEventKind } from '@nestbox/shared/history/history.schema';
import type { AccessLevel, BoxType, ItemType } from '@nestbox/shared/items/item.schema';
import type { PaneScope } from '@nestbox/shared/items/item-values';
import type { BeforeAfterOn, ReminderUnit } from '@nestbox/shared/reminders/fire-time';
import type { ApiTokenScope } from '@nestbox/shared/tokens/token-values';
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/**
 * Table types of the data model (ARCHITECTURE.md "Data"). Portable types only: ids are
 * UUIDv7 text, times are UTC epoch milliseconds, booleans are stored as 0/1 integers and
 * mapped to `boolean` in the repositories. A column with a fixed set of values is typed as
 * that union, and the database refuses anything else (migration 0008).
 */
type Flag = ColumnType<number, number | undefined, number>;
type Millis = number;

export interface UsersTable {
  id: string;
  /** Case-folded (lower-case, trimmed); unique. */
  email: string;
  name: string;
  password_hash: string;
  is_admin: Flag;
  locale: Generated<string>;
  timezone: Generated<string>;
  location: string | null;
  occupation: string | null;
  activated_at: Millis | null;
  /** Bumped on password change or reset: every older token and socket stops working. */
  token_version: Generated<number>;
  workspace_split: Generated<number>;
  tooltips_enabled: Flag;
  /** Workspace settings: where a box opened from a pane shows. */
  open_boxes_in: Generated<OpenBoxesIn>;
  /** Customizations: the defaults given to new boxes. */
  default_show_completed: Flag;
  default_auto_add_to_unprioritized: Flag;
  reminder_emails: Flag;
  /** Customizations: keyboard shortcuts in the web app. */
  shortcuts_enabled: Flag;
  /** Customizations: the web app's colours (migration 0019). */
  color_scheme: Generated<ColorScheme>;
  prioritized_split_percentage: Generated<number>;
  unprioritized_order_by: Generated<UnprioritizedOrderColumn>;
  unprioritized_order_dir: Generated<OrderDirection>;
  /** When the address was proven (seed, activation, e-mail change or reset link); null if never. */
  email_verified_at: Millis | null;
  /** An address change waiting for its confirmation link (save-profile), and when that link expires. */
  pending_email: string | null;
  pending_email_expires_at: Millis | null;
  /** The box quick capture fills when no box is named (migration 0010); null until the first capture. */
  inbox_item_id: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export type AccountTokenPurpose = 'activation' | 'password_reset' | 'email_change' | 'slack_oauth_state';

export interface AccountTokensTable {
  id: string;
  user_id: string;
  /**
   * What the token proves: an e-mailed link (`activation`, `password_reset`, `email_change`)
   * or the single-use state of a Slack OAuth consent (`slack_oauth_state`).
   */
  purpose: AccountTokenPurpose;
  /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
  token_hash: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface ItemsTable {
  id: string;
  type: ItemType;
  box_type: Generated<BoxType>;
  title: Generated<string>;
  parent_id: string | null;
  /** Order among siblings (fractional, so an insert between two needs no renumbering). */
  position: Generated<number>;
  is_root_box: Flag;
  completed_at: Millis | null;
  archived_at: Millis | null;
  auto_archive_amount: number | null;
  auto_archive_duration: AutoArchiveDuration | null;
  auto_archive_at: Millis | null;
  target_date: Millis | null;
  /** The target date carries a time of day (1) or is a day alone (0); null when not recorded (migration 0034). */
  target_has_time: number | null;
  /** An RFC 5545 RRULE (no DTSTART: the target date is the current occurrence), or null (migration 0015). */
  recurrence_rule: string | null;
  /** The next occurrence counts from the completion rather than from the due date. */
  recur_from_completion: Flag;
  /** Occurrences of the rule completed so far (what its COUNT is measured against). */
  recurrence_done: Generated<number>;
  show_completed: Flag;
  auto_add_to_unprioritized: Flag;
  /** The item's note (Markdown), or null when it has none (migration 0022). */
  note: string | null;
  /** Null once the creating user is removed. */
  created_by: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** How many comments the item has (migration 0030), kept with each one added or removed. */
  comment_count: Generated<number>;
}

export interface ItemUsersTable {
  item_id: string;
  user_id: string;
  level: AccessLevel;
  created_at: Millis;
}

/** A text's tag (normalised name); the pair is the key. */
export interface ItemTagsTable {
  item_id: string;
  name: string;
}

export interface UserItemsTable {
  user_id: string;
  item_id: string;
  favourited: Flag;
  prioritizable: Flag;
  priority: number | null;
  marked_for_today: Flag;
  created_at: Millis;
  updated_at: Millis;
  /** Copied from the item by the database (migration 0036): written by no one else. */
  item_open: ColumnType<number, never, never>;
  item_target_date: ColumnType<Millis | null, never, never>;
  item_created_at: ColumnType<Millis, never, never>;
}

export type PaneType = 'box' | 'search';

export interface PanesTable {
  id: string;
  user_id: string;
  position: number;
  type: Generated<PaneType>;
  item_id: string | null;
  scroll_to_item_id: string | null;
  search_term: string | null;
  search_scope: PaneScope | null;
  include_archived: Flag;
  include_completed: Flag;
  width: Generated<number>;
  created_at: Millis;
}

export interface RemindersTable {
  id: string;
  user_id: string;
  item_id: string;
  number_of: number;
  unit: ReminderUnit;
  before_after_on: BeforeAfterOn;
  repeat: Flag;
  linked_directly_to_target_date: Flag;
  /** The next occurrence to fire (UTC ms), or null when nothing is planned. */
  next_fire_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ReminderEventsTable {
  id: string;
  reminder_id: string;
  user_id: string;
  item_id: string;
  /** The occurrence this event stands for; unique per reminder, so an occurrence fires once. */
  event_date: Millis;
  unread: Flag;
  dismissed_at: Millis | null;
  created_at: Millis;
}

/**
 * A person a comment mentions (migration 0031): the mention and their notification at once,
 * unread until they read it, in the same list and badge as fired reminders.
 */
export interface MentionEventsTable {
  id: string;
  comment_id: string;
  user_id: string;
  item_id: string;
  unread: Flag;
  created_at: Millis;
}

export interface SlackAccountsTable {
  id: string;
  user_id: string;
  team_id: string;
  team_name: string;
  slack_user_id: string;
  slack_user_name: string | null;
  /** The bot/user token, encrypted with a key derived from the server's secret. */
  access_token_enc: string;
  inbox_item_id: string | null;
  created_at: Millis;
}

export interface SlackEventsTable {
  /** Slack's event id: a retried delivery of the same event is recognised and ignored. */
  event_id: string;
  received_at: Millis;
}

/** A session token ended by a logout; kept until the token would have expired anyway. */
export interface RevokedTokensTable {
  /** The token's `jti`. */
  token_id: string;
  user_id: string;
  expires_at: Millis;
}

/** An answered ALTCHA challenge (its signature), kept until the challenge expires. */
export interface UsedCaptchasTable {
  signature: string;
  expires_at: Millis;
}

/**
 * A change its author may undo until `expires_at` (modules/undo): its kind, a small JSON
 * payload, and when it was undone (once only).
 */
export interface UndoEntriesTable {
  id: string;
  user_id: string;
  kind: string;
  payload: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/** The rows an undoable change touched, a JSON array of at most 1,000 per row, in `seq` order. */
export interface UndoEntryRowsTable {
  entry_id: string;
  seq: number;
  rows: string;
}

/** A person's calendar feed address (migration 0013): only the secret's SHA-256 is kept. */
export interface CalendarFeedsTable {
  user_id: string;
  secret_hash: string;
  created_at: Millis;
}

/**
 * A personal API token (modules/tokens): only its SHA-256 is stored. It authenticates while
 * `token_version` equals its owner's; `scope` says whether it may write.
 */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  scope: ApiTokenScope;
  /** SHA-256 (hex) of the whole token text, `nbx_` included; unique. */
  token_hash: string;
  /** The owner's `token_version` when the token was made; a password change or reset ends it. */
  token_version: number;
  /** When it last authenticated a request, written at most once a minute; null if never. */
  last_used_at: Millis | null;
  created_at: Millis;
}

/**
 * A security-relevant event (modules/audit): who (null when nobody is known, as for a failed
 * login with an unknown address), from where, what (`details`, JSON) and when. No foreign key:
 * rows outlive their user.
 */
export interface AuditEventsTable {
  id: string;
  type: string;
  user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: string;
  created_at: Millis;
}

/** One completed occurrence of a recurring item (migration 0015). */
export interface ItemCompletionsTable {
  id: string;
  item_id: string;
  /** Who completed it; null once that user is removed. */
  user_id: string | null;
  /** The target date that was completed. */
  occurrence: Millis;
  completed_at: Millis;
}

/**
 * A device to notify when its person's reminders fire (modules/push): the browser's push
 * subscription (endpoint and keys) and the session that made it, which must still be live.
 */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's address for this device; one row per person and endpoint (migration 0020). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
  p256dh: string;
  auth: string;
  /** The subscribing session's token id (`jti`), the person's token version then, and its end. */
  session_id: string;
  token_version: number;
  session_expires_at: Millis;
  created_at: Millis;
}

/**
 * An import sent with an `Idempotency-Key` (migration 0021): the person's key, what the request
 * was (a SHA-256 of its options and file), the answer it got (JSON), kept until `expires_at`.
 */
export interface ImportKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  result: string;
  created_at: Millis;
  expires_at: Millis;
}

/**
 * The last change of a text in a box it has been in (migration 0025): `seq` grows in commit
 * order; a row stays when its text leaves the box, telling that it left.
 */
export interface ItemChangesTable {
  item_id: string;
  box_id: string;
  seq: number | string;
}

/** What a CalDAV client chose for a text (migration 0026): its resource name, UID and other properties. */
export interface CaldavObjectsTable {
  item_id: string;
  name: string;
  uid: string;
  /** iCalendar property lines Nestbox does not model, as the client sent them. */
  extra: Generated<string>;
}

/**
 * A person's two-factor codes (migration 0027): the TOTP secret, sealed; on once `enabled_at`
 * is set (the first code confirmed); `last_used_step`, the time step of the last code taken.
 */
export interface TwoFactorTable {
  user_id: string;
  /** AES-256-GCM with a key derived from the server's secret: `iv.tag.ciphertext`, base64url. */
  secret_sealed: string;
  enabled_at: Millis | null;
  last_used_step: number | null;
  created_at: Millis;
}

/** One single-use recovery code (migration 0027): only its keyed hash is kept. */
export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Millis | null;
  created_at: Millis;
}

/** An account's identity at an OpenID Connect provider (migration 0028): issuer and subject. */
export interface OidcIdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  /** The provider's stable name for the person (`sub`), whatever their address there. */
  subject: string;
  /** The address the provider gave at the last sign-in (shown in Settings). */
  email: string | null;
  last_used_at: Millis | null;
  created_at: Millis;
}

/** A person's passkey (migration 0029): a WebAuthn credential and what was last seen of it. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  /** The credential's id, base64url. */
  credential_id: string;
  /** Its COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen (0 for authenticators that keep none). */
  counter: number;
  /** The transports the browser reported, a JSON array; null when it reported none. */
  transports: string | null;
  /** 1 when its provider syncs it across devices. */
  backed_up: number;
  name: string;
  last_used_at: Millis | null;
  created_at: Millis;
}

/** What a passkey ceremony was begun for. */
export type PasskeyPurpose = 'register' | 'signIn' | 'secondFactor';

/** A ceremony's challenge (migration 0029), taken once. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: PasskeyPurpose;
  /** Whose ceremony it is; null for a sign-in with a passkey alone. */
  user_id: string | null;
  expires_at: Millis;
}

/** A comment on an item (migration 0030). */
export interface CommentsTable {
  id: string;
  item_id: string;
  /** Null once the author's account is gone, or for an imported comment no account here wrote. */
  author_id: string | null;
  /** The writer's name as a file gave it, for an imported comment no account here wrote. */
  author_name: string | null;
  /** Markdown. */
  body: string;
  created_at: Millis;
  edited_at: Millis | null;
}

/** A shared change to an item, for its history (migration 0032). */
export interface ItemEventsTable {
  id: string;
  item_id: string;
  /** Who made the change; null once their account is gone. */
  user_id: string | null;
  /** One of `ITEM_EVENT_KINDS`. */
  kind: ItemEventKind;
  /** What changed, a small JSON object (see modules/history/history.contract.ts); null: nothing more. */
  details: string | null;
  created_at: Millis;
}

/** A file attached to an item (migration 0033); its bytes are in the attachment store under `id`. */
export interface AttachmentsTable {
  id: string;
  item_id: string;
  /** Who attached it; null once their account is gone. */
  uploader_id: string | null;
  /** The display and download name, cleaned (never a path). */
  name: string;
  /** The MIME type sniffed from the stored bytes. */
  type: string;
  /** Bytes. */
  size: number;
  /** 1: a thumbnail object is stored beside it. */
  thumbnail: number;
  created_at: Millis;
}

export interface Database {
  users: UsersTable;
  account_tokens: AccountTokensTable;
  items: ItemsTable;
  comments: CommentsTable;
  item_events: ItemEventsTable;
  attachments: AttachmentsTable;
  item_users: ItemUsersTable;
  user_items: UserItemsTable;
  item_tags: ItemTagsTable;
  panes: PanesTable;
  reminders: RemindersTable;
  reminder_events: ReminderEventsTable;
  mention_events: MentionEventsTable;
  slack_accounts: SlackAccountsTable;
  slack_events: SlackEventsTable;
  revoked_tokens: RevokedTokensTable;
  used_captchas: UsedCaptchasTable;
  undo_entries: UndoEntriesTable;
  undo_entry_rows: UndoEntryRowsTable;
  import_keys: ImportKeysTable;
  calendar_feeds: CalendarFeedsTable;
  api_tokens: ApiTokensTable;
  audit_events: AuditEventsTable;
  item_completions: ItemCompletionsTable;
  push_subscriptions: PushSubscriptionsTable;
  item_changes: ItemChangesTable;
  caldav_objects: CaldavObjectsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  oidc_identities: OidcIdentitiesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ItemRow = Selectable<ItemsTable>;
export type NewItemRow = Insertable<ItemsTable>;
export type ItemUpdateRow = Updateable<ItemsTable>;
export type PaneRow = Selectable<PanesTable>;

/**
 * Where a repository function runs its statements: the database, or a transaction the caller
 * opened (every statement of a multi-row change goes through the one transaction).
 */
export type Executor = Kysely<Database>;

/** The database itself, outside any transaction: what services are built with. */
export type Db = Kysely<Database>;

/**
 * An open transaction: what guards and commands take, so that the rights they check and the
 * rows they write are read and written in the one transaction, and commit together.
 */
export type Tx = Transaction<Database>;
