import type { HotkeyItem } from '@mantine/hooks';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { selectItem, useItemSelection } from '../lib/item-selection';
import { handleShortcutKeys, isTypingTarget, SHORTCUT_KEYS, useShortcutsEnabled } from '../lib/shortcuts';

/** The attribute that marks a row the keyboard selects; its value is the row's item id. */
export const SELECTABLE_ROW = 'data-selectable-row';

/**
 * The attribute of what an empty list offers the keyboard in place of rows (a button that
 * starts its first item): the arrows reach it as they reach rows.
 */
export const EMPTY_LIST_STOP = 'data-empty-list-stop';

const rowIn = (container: ParentNode | null | undefined, itemId: string) =>
  container?.querySelector<HTMLElement>(`[${SELECTABLE_ROW}="${CSS.escape(itemId)}"]`) ?? null;

/** The focus is on nothing, or on a row itself: a new selection may take it along. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return true;
  return active.hasAttribute(SELECTABLE_ROW);
}

/**
 * The focus is still among the rows (on one, or on a control of one, not typing): a row the
 * keyboard asked for may take it once it is drawn. Anywhere else, the person moved on.
 */
function focusIsAmongRows(): boolean {
  const active = document.activeElement;
  if (focusIsFree() || !active) return true;
  return active.closest(`[${SELECTABLE_ROW}]`) !== null && !isTypingTarget(active);
}

/** What the browser's Tab may land on inside a row, besides the row itself. */
const TAB_STOPS = 'a[href], button, input, select, textarea, [contenteditable], [tabindex]';

/** The attribute keeping a row control's own tabindex ('' for none) while the row holds it. */
const OWN_TAB_INDEX = 'data-own-tabindex';

/** Takes the controls of the rows under `root` (and `root` itself, if it is one) out of the Tab order. */
function removeRowTabStops(root: Element) {
  const found = [...(root.matches(TAB_STOPS) ? [root] : []), ...root.querySelectorAll(TAB_STOPS)];
  for (const element of found) {
    if (element.hasAttribute(SELECTABLE_ROW) || !element.parentElement?.closest(`[${SELECTABLE_ROW}]`))
      continue;
    if (element.getAttribute('tabindex') === '-1') continue;
    if (!element.hasAttribute(OWN_TAB_INDEX))
      element.setAttribute(OWN_TAB_INDEX, element.getAttribute('tabindex') ?? '');
    element.setAttribute('tabindex', '-1');
  }
}

/** Gives the controls of the rows under `root` their own tabindex back. */
function restoreRowTabStops(root: Element) {
  for (const element of root.querySelectorAll(`[${OWN_TAB_INDEX}]`)) {
    const own = element.getAttribute(OWN_TAB_INDEX);
    if (own) element.setAttribute('tabindex', own);
    else element.removeAttribute('tabindex');
    element.removeAttribute(OWN_TAB_INDEX);
  }
}

/**
 * Keeps every control inside the rows of `container` (a checkbox, a drag grip, a title button,
 * the hover menu's buttons, a link in a text) out of the Tab order while `enabled`, so that the
 * list is one Tab stop, its row: the row's keys reach what those controls do, and a click still
 * focuses them. Rows drawn later (a virtual list scrolling, a menu opening) are kept so as they
 * come, before a key can reach them.
 */
export function useRowsOneTabStop(container: () => HTMLElement | null, enabled: boolean): void {
  const observed = useRef<{ element: HTMLElement; observer: MutationObserver } | null>(null);
  useLayoutEffect(() => {
    const element = enabled ? container() : null;
    if (observed.current?.element === element) return;
    if (observed.current) {
      observed.current.observer.disconnect();
      restoreRowTabStops(observed.current.element);
      observed.current = null;
    }
    if (!element) return;
    removeRowTabStops(element);
    const observer = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'attributes') {
          if (change.target instanceof Element) removeRowTabStops(change.target);
          continue;
        }
        for (const node of change.addedNodes) if (node instanceof Element) removeRowTabStops(node);
      }
    });
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['tabindex'],
    });
    observed.current = { element, observer };
  });
  useEffect(
    () => () => {
      observed.current?.observer.disconnect();
      observed.current = null;
    },
    [],
  );
}

/**
 * Focuses the row a list offers the keyboard (the selected one, else its first) or, when that
 * row is out of sight in a virtual list, the first row drawn. Answers whether a row took it.
 */
export function focusRowIn(container: Element | null | undefined): boolean {
  const row =
    container?.querySelector<HTMLElement>(`[${SELECTABLE_ROW}][tabindex="0"]`) ??
    container?.querySelector<HTMLElement>(`[${SELECTABLE_ROW}]`) ??
    container?.querySelector<HTMLElement>(`[${EMPTY_LIST_STOP}]`);
  row?.focus();
  return Boolean(row);
}

/**
 * A dialog that closed and left the focus on nothing (what had it is gone: a row moved away, a
 * field of the dialog) gives it to the selected row, if one is drawn. Answers whether it did.
 */
export function focusSelectedRowIfLost(): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return false;
  const row = document.querySelector<HTMLElement>(`[${SELECTABLE_ROW}][aria-current="true"]`);
  row?.focus();
  return Boolean(row);
}

export interface RowSelectionOptions {
  /** Which list the selection belongs to (a pane's id, or `organizer`). */
  scope: string;
  /** The list's rows that can be selected, in order (rows still loading are left out). */
  itemIds: readonly string[];
  /** Brings an item's row into view (a virtual list draws only the rows in sight). */
  reveal: (itemId: string) => void;
  /** The list's element, which holds its rows. */
  container: () => HTMLElement | null;
  /** The lists to the left and right of this one, for ← and →. */
  neighbour?: (side: 'left' | 'right') => Element | null;
  /** The item shows in another list of the same scope: it moved there rather than went. */
  shownElsewhere?: (itemId: string) => boolean;
  /** The item being edited in place: when its edit ends, its row takes the focus back. */
  editingId?: string | null;
  /** The keys a selected row answers for its item, beyond those that move the selection. */
  itemShortcuts?: (itemId: string) => HotkeyItem[];
}

/**
 * A list whose rows the keyboard selects (the panes and the Organizer). The selection is the
 * app's one (lib/item-selection.ts); here a row shows it (`aria-current`, a tint), takes the
 * focus with it (a roving tabindex: the list is one Tab stop, on the selected row or its
 * first), scrolls into view with it, and ↑ ↓ Home End ← → and Esc move or clear it. A click
 * or the focus on a row selects it too. When the selected row goes (archived, done, moved
 * away), the row now in its place is selected. With shortcuts off, rows are selected only by
 * a click and take no keys.
 */
export function useRowSelection({
  scope,
  itemIds,
  reveal,
  container,
  neighbour,
  shownElsewhere,
  editingId = null,
  itemShortcuts,
}: RowSelectionOptions) {
  const enabled = useShortcutsEnabled();
  const selection = useItemSelection();
  const selectedId = selection?.scope === scope ? selection.itemId : null;
  const positions = useMemo(() => new Map(itemIds.map((id, at) => [id, at])), [itemIds]);
  const selectedAt = selectedId === null ? -1 : (positions.get(selectedId) ?? -1);
  const tabStopId = selectedAt >= 0 ? selectedId : (itemIds[0] ?? null);

  // The row to focus once it is drawn (after a scroll, or on the next render).
  const focusWanted = useRef<string | null>(null);
  // Where the selected row last was, to select the row that takes its place if it goes.
  const lastSeen = useRef<{ itemId: string; at: number } | null>(null);
  const latest = useRef({ reveal, container, shownElsewhere });
  latest.current = { reveal, container, shownElsewhere };
  /** Focuses the row wanted, if it is drawn yet (a row scrolled to is drawn on a later render). */
  const focusWhenDrawn = useCallback((itemId?: string) => {
    if (itemId) focusWanted.current = itemId;
    const wanted = focusWanted.current;
    if (!wanted) return;
    // The person went elsewhere meanwhile (a field, a dialog): the row no longer takes the focus.
    if (!focusIsAmongRows()) {
      focusWanted.current = null;
      return;
    }
    const row = rowIn(latest.current.container(), wanted);
    if (!row) return;
    focusWanted.current = null;
    if (document.activeElement !== row) row.focus();
  }, []);

  useEffect(() => {
    if (selectedId === null) return;
    if (selectedAt >= 0) {
      const moved = lastSeen.current?.itemId !== selectedId || lastSeen.current.at !== selectedAt;
      const focused = document.activeElement === rowIn(latest.current.container(), selectedId);
      const isNew = lastSeen.current?.itemId !== selectedId;
      lastSeen.current = { itemId: selectedId, at: selectedAt };
      // A new selection, or the selected row moving under the keyboard (Alt+↑): it stays in sight.
      if (isNew || (moved && focused)) {
        latest.current.reveal(selectedId);
        // A row selected by a click or by the focus on one of its controls keeps the focus where it is.
        if (focusWanted.current === selectedId || focusIsFree()) focusWhenDrawn(selectedId);
      }
      return;
    }
    const seen = lastSeen.current;
    if (seen?.itemId !== selectedId || latest.current.shownElsewhere?.(selectedId)) return;
    lastSeen.current = null;
    const next = itemIds[Math.min(seen.at, itemIds.length - 1)];
    selectItem(next ? { itemId: next, scope } : null);
  }, [selectedId, selectedAt, itemIds, scope, focusWhenDrawn]);

  useLayoutEffect(() => focusWhenDrawn());

  // An edit ended (Enter, Escape) and left the focus on nothing: back to its row.
  const editedBefore = useRef(editingId);
  useEffect(() => {
    const ended = editedBefore.current;
    editedBefore.current = editingId;
    if (ended === null || ended === editingId || ended !== selectedId) return;
    if (focusIsFree()) focusWhenDrawn(ended);
  });

  const latestKeys = useRef({ enabled, positions, itemIds, neighbour, itemShortcuts });
  latestKeys.current = { enabled, positions, itemIds, neighbour, itemShortcuts };

  /** Stable, so memoised rows keep their props (they read the latest list through a ref). */
  const handlers: RowHandlers = useMemo(() => {
    const select = (itemId: string) => selectItem({ itemId, scope });
    return {
      select,
      focus: (itemId) => {
        focusWanted.current = itemId;
        select(itemId);
        latest.current.reveal(itemId);
        focusWhenDrawn();
      },
      keyDown: (event, itemId) => {
        const { enabled, positions, itemIds, neighbour, itemShortcuts } = latestKeys.current;
        if (!enabled) return;
        const row = event.currentTarget;
        const target = event.target as HTMLElement;
        // A drag handle's keys drag; Enter and Space on a control of the row keep their own meaning.
        if (target !== row) {
          if (target.closest('[aria-roledescription]')) return;
          if ((event.key === 'Enter' || event.key === ' ') && target.closest('button, a, input')) return;
        }
        const at = positions.get(itemId) ?? -1;
        const goTo = (index: number) => {
          const next = itemIds[index];
          if (!next) return;
          // Asked for from the keyboard: the focus follows, even from a control of this row.
          focusWanted.current = next;
          select(next);
        };
        const across = (side: 'left' | 'right') => {
          if (neighbour) focusRowIn(neighbour(side));
        };
        handleShortcutKeys(event, [
          [SHORTCUT_KEYS.previous, () => goTo(at - 1)],
          [SHORTCUT_KEYS.next, () => goTo(at + 1)],
          [SHORTCUT_KEYS.first, () => goTo(0)],
          [SHORTCUT_KEYS.last, () => goTo(itemIds.length - 1)],
          [SHORTCUT_KEYS.left, () => across('left')],
          [SHORTCUT_KEYS.right, () => across('right')],
          [
            SHORTCUT_KEYS.clearSelection,
            () => {
              selectItem(null);
              row.blur();
            },
          ],
          ...(itemShortcuts?.(itemId) ?? []),
        ]);
      },
    };
  }, [scope, focusWhenDrawn]);

  const tabIndexOf = (itemId: string): 0 | -1 | undefined =>
    enabled ? (itemId === tabStopId ? 0 : -1) : undefined;

  return {
    selectedId,
    /** The row the list's one Tab stop is on (the selected row, else the first), or null. */
    tabStopId: enabled ? tabStopId : null,
    tabIndexOf,
    handlers,
    /** The selection attributes and handlers of an item's row element. */
    rowProps: (itemId: string) =>
      selectableRow(itemId, { selected: itemId === selectedId, tabIndex: tabIndexOf(itemId), handlers }),
  };
}

/** What a row does with the selection: take it, and answer keys. */
export interface RowHandlers {
  select: (itemId: string) => void;
  /** Selects the row and puts the focus on it, once it is drawn. */
  focus: (itemId: string) => void;
  keyDown: (event: ReactKeyboardEvent<HTMLElement>, itemId: string) => void;
}

/**
 * The attributes and handlers that make an element an item's selectable row: the roving
 * tabindex (undefined with shortcuts off), `aria-current` while selected (read out by screen
 * readers, and tinted), and a click or the focus selecting it.
 */
export function selectableRow(
  itemId: string,
  {
    selected,
    tabIndex,
    handlers,
  }: { selected: boolean; tabIndex: 0 | -1 | undefined; handlers: RowHandlers },
) {
  return {
    [SELECTABLE_ROW]: itemId,
    tabIndex,
    'aria-current': selected ? ('true' as const) : undefined,
    'data-selected': selected || undefined,
    onFocus: () => handlers.select(itemId),
    onClick: () => handlers.select(itemId),
    onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => handlers.keyDown(event, itemId),
  };
}

/**
 * ↑ or ↓ pressed with the focus on nothing (the page just opened, or the selection was
 * cleared) goes into the rows: to the selected row, else the first one of `container`.
 */
export function useArrowKeysEnterRows(container: () => HTMLElement | null): void {
  const enabled = useShortcutsEnabled();
  const latest = useRef(container);
  latest.current = container;
  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      const onPage = event.target === document.body || event.target === document.documentElement;
      const arrow = event.key === SHORTCUT_KEYS.next || event.key === SHORTCUT_KEYS.previous;
      if (!onPage || !arrow || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
        return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const element = latest.current();
      const selected = element?.querySelector<HTMLElement>(`[${SELECTABLE_ROW}][aria-current]`);
      if (selected) selected.focus();
      else if (!focusRowIn(element)) return;
      event.preventDefault();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [enabled]);
}
