import { z } from 'zod';
import { OPEN_BOXES_IN } from '../constants.js';
import { ItemSchema } from '../items/item.schema.js';
import { PANE_SCOPES } from '../items/item-values.js';

export const PANE_TYPES = ['box', 'search'] as const;
export { SEARCH_SCOPES } from '../items/item-values.js';

const id = z.string().min(1).max(64);

/** A search as a search pane keeps it (SPEC §3 "Pane.search"). */
export const PaneSearchSchema = z.object({
  term: z.string().max(200),
  scope: z.enum(PANE_SCOPES).describe('A search scope, or tags: the list of tags with their counts.'),
  includeArchived: z.boolean(),
  includeCompleted: z.boolean(),
  withinBoxId: id
    .nullable()
    .default(null)
    .describe('Only inside this box (a box the caller sees), or null for everywhere the scope reaches.'),
});

/** A pane of the workspace (SPEC §3 "Pane"). */
export const PaneSchema = z
  .object({
    _id: z.string(),
    itemId: z.string().nullable(),
    type: z.enum(PANE_TYPES),
    scrollToItemId: z.string().nullable(),
    width: z.number().int(),
    search: PaneSearchSchema.nullable(),
  })
  .meta({ id: 'Pane' });

/** `GET /api/items/get-workspace-items`: panes by id, their order, and the items they show. */
export const WorkspaceResponseSchema = z
  .object({
    panes: z.record(z.string(), PaneSchema),
    panesIndex: z.array(z.string()),
    paneObjects: z.record(z.string(), ItemSchema).describe('The items the box panes show, by item id.'),
  })
  .meta({ id: 'Workspace' });

const position = z.number().int().min(0).max(100);

/** `POST /api/items/create-pane`: opens a box in a new pane at index `pos`. */
export const CreatePaneBodySchema = z
  .object({ pos: position, itemId: id, type: z.enum(PANE_TYPES).default('box') })
  .meta({ id: 'CreatePaneBody' });

/** `PUT /api/items/replace-in-workspace`: shows another box in the pane at index `pos`. */
export const ReplaceInWorkspaceBodySchema = z
  .object({ pos: position, itemId: id, paneType: z.enum(PANE_TYPES).default('box') })
  .meta({ id: 'ReplaceInWorkspaceBody' });

export const PaneIdQuerySchema = z.object({ paneId: id });

/** `PUT /api/workspace/panes-widths`. */
export const PanesWidthsBodySchema = z
  .object({ panesDict: z.record(z.string(), z.number().int().min(200).max(2000)) })
  .meta({ id: 'PanesWidthsBody' });

/** `PUT /api/workspace/split`: how many panes the layout aims to show. */
export const WorkspaceSplitBodySchema = z
  .object({ split: z.number().int().min(1).max(6) })
  .meta({ id: 'WorkspaceSplitBody' });

/** `PUT /api/workspace/settings`: the settings given change, the others stay. */
export const WorkspaceSettingsBodySchema = z
  .object({
    settings: z.object({
      tooltipsEnabled: z.boolean().optional(),
      openBoxesIn: z
        .enum(OPEN_BOXES_IN)
        .optional()
        .describe('Where a box opened from a pane shows: a new pane after it, or that same pane.'),
    }),
  })
  .meta({ id: 'WorkspaceSettingsBody' });

export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsBodySchema>['settings'];

/** `POST /api/items/create-search-pane`: a search pane at index `pos`. */
export const CreateSearchPaneBodySchema = z
  .object({ pos: position, search: PaneSearchSchema })
  .meta({ id: 'CreateSearchPaneBody' });

/** `PUT /api/items/update-search-pane`: a new term, scope or toggles for a search pane. */
export const UpdateSearchPaneBodySchema = z
  .object({ paneId: id, search: PaneSearchSchema })
  .meta({ id: 'UpdateSearchPaneBody' });

export type Pane = z.infer<typeof PaneSchema>;
export type PaneSearch = z.infer<typeof PaneSearchSchema>;
export type Workspace = z.infer<typeof WorkspaceResponseSchema>;

export type CreatePaneBody = z.input<typeof CreatePaneBodySchema>;
export type ReplaceInWorkspaceBody = z.input<typeof ReplaceInWorkspaceBodySchema>;
export type PaneIdQuery = z.input<typeof PaneIdQuerySchema>;
export type PanesWidthsBody = z.input<typeof PanesWidthsBodySchema>;
export type WorkspaceSplitBody = z.input<typeof WorkspaceSplitBodySchema>;
export type WorkspaceSettingsBody = z.input<typeof WorkspaceSettingsBodySchema>;
export type CreateSearchPaneBody = z.input<typeof CreateSearchPaneBodySchema>;
export type UpdateSearchPaneBody = z.input<typeof UpdateSearchPaneBodySchema>;
