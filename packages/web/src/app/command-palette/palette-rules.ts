import type { Item } from '@nestbox/shared/items/item.schema';
import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';

/** Matches shown for what is typed. */
export const FOUND_LIMIT = 20;

/** How a path of boxes reads: "Home › Kitchen". */
export const PATH_SEPARATOR = ' › ';

/** Lower case, accents folded: "Réunion" reads as "reunion". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * Whether a command answers what is typed: every word typed starts a word of its label or of
 * its other names, in any order, accents and case aside ("org go" finds "Go to Organiser").
 */
export function commandMatches(query: string, label: string, keywords: readonly string[] = []): boolean {
  const words = folded([label, ...keywords].join(' ')).split(/[^\p{L}\p{N}]+/u);
  return folded(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((typed) => words.some((word) => word.startsWith(typed)));
}

/** The box pane the palette's "here" means, with its place in the workspace and its box. */
export interface HerePane {
  paneId: string;
  index: number;
  box: Item;
}

/**
 * The pane "here" stands for: the pane the person was in when the palette opened (the one
 * holding the focus, else the one their selection is in), when it is a box pane still open.
 */
export function herePane(workspace: Workspace | undefined, paneId: string | null): HerePane | null {
  if (!workspace || !paneId) return null;
  const pane = workspace.panes[paneId];
  const box = pane?.type === 'box' && pane.itemId ? workspace.paneObjects[pane.itemId] : undefined;
  const index = workspace.panesIndex.indexOf(paneId);
  return box && index >= 0 ? { paneId, index, box } : null;
}

/** Where a box found in the palette opens. */
export type PanePlacement =
  /** It already shows in this pane: nothing opens, the pane comes into view. */
  | { kind: 'shown'; paneId: string }
  /** A new pane at this index. */
  | { kind: 'new'; pos: number }
  /** In place of the box of the pane at this index ('Open boxes in: the same pane'). */
  | { kind: 'replace'; pos: number };

/**
 * Where a box opens: Shift+Enter always in a new pane (after the pane here, else last);
 * Enter brings the pane already showing it into view, else opens it as the Workspace setting
 * 'Open boxes in' says, from the pane here (a new pane after it, or in its place).
 */
export function placeBox(
  workspace: Workspace,
  boxId: string,
  { here, newPane, samePane }: { here: HerePane | null; newPane: boolean; samePane: boolean },
): PanePlacement {
  const after = here ? here.index + 1 : workspace.panesIndex.length;
  if (newPane) return { kind: 'new', pos: after };
  const shown = workspace.panesIndex.find((paneId) => {
    const pane = workspace.panes[paneId];
    return pane?.type === 'box' && pane.itemId === boxId;
  });
  if (shown) return { kind: 'shown', paneId: shown };
  if (samePane && here) return { kind: 'replace', pos: here.index };
  return { kind: 'new', pos: after };
}
