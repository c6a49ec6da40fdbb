/**
 * The fixed sets of values of an item, apart from their zod schemas: the web app reads them at
 * run time without loading zod, and the schemas (item.schema.ts) build on them.
 */

export const ITEM_TYPES = ['todoBox', 'todoText'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const BOX_TYPES = ['any', 'todo', 'search'] as const;
export type BoxType = (typeof BOX_TYPES)[number];
/** Ownership levels, strongest first. */
export const ACCESS_LEVELS = ['owner', 'editor', 'readonly'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Where a search looks: starred items, inside the caller's own Workspace, or everything they see. */
export const SEARCH_SCOPES = ['favourites', 'workspace', 'search'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** What a search pane shows: a search in one of the scopes above, or the list of tags. */
export const PANE_SCOPES = [...SEARCH_SCOPES, 'tags'] as const;
export type PaneScope = (typeof PANE_SCOPES)[number];
