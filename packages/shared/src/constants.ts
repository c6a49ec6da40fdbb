/**
 * Business constants and limits of SPEC §9. Every package imports them from here;
 * nothing retypes a value.
 */

/** Client request timeout (ms). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Share user search: throttle window (ms, leading edge) and minimum term length. */
export const SHARE_SEARCH_THROTTLE_MS = 500;
export const SHARE_SEARCH_MIN_TERM_LENGTH = 2;

/** Passwords must have at least this many characters. */
export const PASSWORD_MIN_LENGTH = 8;

/** Auto-archive choices; `null` means none (clears any auto-archive). */
export const AUTO_ARCHIVE_DURATIONS = ['days', 'weeks', 'months', 'years'] as const;
export type AutoArchiveDuration = (typeof AUTO_ARCHIVE_DURATIONS)[number];
export const AUTO_ARCHIVE_CHOICES: ReadonlyArray<{ amount: number; duration: AutoArchiveDuration } | null> = [
  null,
  { amount: 1, duration: 'days' },
  { amount: 2, duration: 'days' },
  { amount: 3, duration: 'days' },
  { amount: 5, duration: 'days' },
  { amount: 1, duration: 'weeks' },
  { amount: 2, duration: 'weeks' },
  { amount: 1, duration: 'months' },
  { amount: 3, duration: 'months' },
  { amount: 6, duration: 'months' },
  { amount: 1, duration: 'years' },
  { amount: 2, duration: 'years' },
  { amount: 3, duration: 'years' },
];

/** Priorities: the step between neighbours, the gap below which a reindex is needed, and how long the flag shows. */
export const PRIORITY_STEP = 16_384;
export const PRIORITY_REINDEX_THRESHOLD = 1e-12;
export const REINDEX_FLAG_CLEAR_MS = 2_000;
/**
 * The largest rank either way (a priority lies within ±PRIORITY_LIMIT): far beyond any list a
 * person ranks by hand, and small enough that the midpoint of two ranks and an import's shift
 * below the ranks already there stay finite.
 */
export const PRIORITY_LIMIT = 1e15;

/** Workspace and Organizer defaults. */
export const DEFAULT_TOOLTIPS_ENABLED = true;
export const UNPRIORITIZED_ORDER_COLUMNS = ['createdDate', 'itemTitle', 'parentTitle'] as const;
export type UnprioritizedOrderColumn = (typeof UNPRIORITIZED_ORDER_COLUMNS)[number];
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];
/**
 * The Organizer loads in pages: a first page per list that fills the screen at once, then
 * larger pages in the background until both lists are complete; the server takes at most
 * ORGANIZER_PAGE_MAX per list per call.
 */
export const ORGANIZER_FIRST_PAGE = 100;
export const ORGANIZER_NEXT_PAGE = 1_000;
export const ORGANIZER_PAGE_MAX = 5_000;
/**
 * A box's pane loads in pages too: a first page that fills any screen, with the order of every
 * row (so the list has its full height at once), then larger pages behind it; the server
 * takes at most PANE_PAGE_MAX items per call.
 */
export const PANE_FIRST_PAGE = 100;
export const PANE_NEXT_PAGE = 1_000;
export const PANE_PAGE_MAX = 5_000;

/** Pane geometry (px). Panes that fit = (window width − padding) / pane width. */
export const DEFAULT_PANE_WIDTH = 400;
export const WORKSPACE_PADDING = 60;

/** Locale and time zone defaults. */
export const DEFAULT_LOCALE = 'en-GB';
export const DEFAULT_TIMEZONE = 'Europe/London';

/** Date formats (date-fns tokens): SPEC §9's dates, and their short form where space is tight. */
export const DATE_FORMAT = 'dd-MMM-yyyy';
export const SHORT_DATE_FORMAT = 'dd-MMM-yy';

/** Layout breakpoints (px) and stacking order. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const Z_INDEX = { notifications: 150, modal: 100, datePicker: 90 } as const;

/** Droppable id of the Unprioritized list. */
export const UNPRIORITIZED_DROPPABLE_ID = 'unprioritizedItems';

/** Longest titles (characters), the same on every route that takes one: a box's, a text item's. */
export const BOX_TITLE_MAX_LENGTH = 200;
export const TEXT_TITLE_MAX_LENGTH = 2_000;
/** Longest note (characters) an item may hold: Markdown, written in Item settings or imported. */
export const NOTE_MAX_LENGTH = 20_000;
/** Longest search term (characters) a search pane keeps and search-items accepts. */
export const SEARCH_TERM_MAX_LENGTH = 200;

/** Reserved box titles. */
export const RESERVED_BOX_TITLES = ['Workspace', 'Favourites'] as const;

/** The system user: fixed id, en-GB, named System. */
export const SYSTEM_USER = {
  id: '00000000-0000-7000-8000-000000000001',
  name: 'System',
  email: 'system@nestbox.invalid',
  locale: DEFAULT_LOCALE,
} as const;

/** Header a client sends so that live events caused by its own calls can be recognised. */
export const CLIENT_ID_HEADER = 'x-client-id';

/** Header of an answer to a change that can be undone: the id `POST /api/undo/undo-action` takes. */
export const UNDO_ID_HEADER = 'x-undo-id';

/** How long a change can be undone (ms); the server forgets it afterwards. */
export const UNDO_TTL_MS = 10 * 60_000;

/** How long a notification offers Undo (ms); Ctrl+Z still undoes the change until UNDO_TTL_MS. */
export const UNDO_NOTICE_MS = 8_000;

/** Workspace settings: where a box opened from a pane shows (a new pane after it, or that same pane). */
export const OPEN_BOXES_IN = ['newPane', 'samePane'] as const;
export type OpenBoxesIn = (typeof OPEN_BOXES_IN)[number];

/** Customizations: the web app's colours. `system` follows the device's light or dark setting. */
export const COLOR_SCHEMES = ['system', 'light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
