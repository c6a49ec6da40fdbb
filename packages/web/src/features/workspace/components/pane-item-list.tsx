import type { HotkeyItem } from '@mantine/hooks';
import type { Item } from '@nestbox/shared/items/item.schema';
import { type Range, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropList } from '../../../components/dnd/pointer-dnd';
import {
  EMPTY_LIST_STOP,
  focusRowIn,
  SELECTABLE_ROW,
  useRowSelection,
  useRowsOneTabStop,
} from '../../../hooks/use-row-selection';
import type { PaneRow } from '../../../lib/api/items/pane-contents';
import { displayTitleIn } from '../../../lib/display-title';
import { rangeKeeping } from '../../../lib/kept-rows';
import { measureRowLazily } from '../../../lib/measure-row';
import { useRevealInList } from '../../../lib/reveal-item';
import { useShortcutsEnabled } from '../../../lib/shortcuts';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import classes from './draggable-item.module.css';
import { PendingItemRow } from './item-row';
import { ItemSlot } from './pane-item-slot';

/**
 * A one-line row's height (item-row.module.css: 38 px, and 44 px on a phone, a fingertip tall);
 * rows that wrap are measured. An estimate that matches keeps the rows below a measured one
 * where they were first drawn instead of shifting them.
 */
const ROW_HEIGHT = { desktop: 38, phone: 44 };

/** Rows rendered beyond each edge of the pane. */
const OVERSCAN = 3;

const NEW_LINES_KEY = 'new-lines';

type Entry =
  | { kind: 'item'; item: Item; index: number }
  | { kind: 'pending'; itemId: string }
  | { kind: 'new-lines' };

interface PaneItemListProps {
  paneId: string;
  /** The pane body's class: this element is the scroll container and the drop area. */
  className: string | undefined;
  /** The list's accessible name. */
  label: string;
  /** The box's rows in order; a row still loading is only its item's id. */
  rows: readonly PaneRow[];
  /** Some rows are still loading (the list says it is busy). */
  loading: boolean;
  /** A read-only box takes no drops. */
  dropDisabled: boolean;
  isDragDisabled: (item: Item) => boolean;
  /** An item always rendered, even out of sight (the text being edited keeps its editor). */
  keepItemId: string | null;
  /** Lines being typed or created, shown after `newLinesAfterId` or, when null, at the end. */
  newLines: ReactNode;
  newLinesAfterId: string | null;
  /** A row's content; keep it stable (rows are memoised by item and editing). */
  renderItem: (item: Item, editing: boolean) => ReactNode;
  /** Shown when there are neither items nor new lines. */
  empty: ReactNode;
  /** The keys a selected row answers for its item (beyond moving the selection). */
  itemShortcuts: (item: Item) => HotkeyItem[];
}

/** The box pane beside this one (search panes hold no rows to select), or null. */
function paneBeside(list: Element | null, side: 'left' | 'right'): Element | null {
  const panes = [...document.querySelectorAll('[data-pane-id]:not([data-pane-type="search"])')];
  const at = panes.findIndex((pane) => pane.contains(list));
  if (at === -1) return null;
  const step = side === 'left' ? -1 : 1;
  for (let index = at + step; index >= 0 && index < panes.length; index += step) {
    const pane = panes[index];
    if (pane?.querySelector(`[${SELECTABLE_ROW}], [${EMPTY_LIST_STOP}]`)) return pane;
  }
  return null;
}

/**
 * A box pane's items: a drop list of the workspace's drag and drop, and a virtual list, so a
 * box of 500 items renders only the rows in sight (plus a few either side). A drag draws a
 * copy of the row (the original may scroll out and unmount) and leaves the rows in place: a
 * line shows the gap the pointer is in, counted on the virtualiser's measurements, so rows out
 * of sight count too. Rows still loading (a large box comes in pages) hold their place with a
 * placeholder of a row's height: the list has its full height from the first page, and rows
 * are neither dragged from nor dropped between placeholders (the gaps count loaded rows only).
 * The keyboard selects rows (see useRowSelection): ↑ ↓ within the pane, ← → to the panes
 * beside it, and `itemShortcuts` on the selected row.
 */
export function PaneItemList({
  paneId,
  className,
  label,
  rows,
  loading,
  dropDisabled,
  isDragDisabled,
  keepItemId,
  newLines,
  newLinesAfterId,
  renderItem,
  empty,
  itemShortcuts,
}: PaneItemListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);

  // One flat keyed list, so the line being typed keeps its state when its anchor moves.
  const entries = useMemo(() => {
    const list: Entry[] = [];
    let index = 0;
    let anchored = false;
    for (const row of rows) {
      if (typeof row === 'string') {
        list.push({ kind: 'pending', itemId: row });
        continue;
      }
      list.push({ kind: 'item', item: row, index: index++ });
      if (newLines && newLinesAfterId === row._id) {
        list.push({ kind: 'new-lines' });
        anchored = true;
      }
    }
    if (newLines && !anchored) list.push({ kind: 'new-lines' });
    return list;
  }, [rows, newLines, newLinesAfterId]);

  const listRef = useRef<HTMLUListElement | null>(null);
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);
  const itemIds = useMemo(
    () => entries.flatMap((entry) => (entry.kind === 'item' ? [entry.item._id] : [])),
    [entries],
  );
  const selection = useRowSelection({
    scope: paneId,
    itemIds,
    reveal: (itemId) => {
      const at = entries.findIndex((entry) => entry.kind === 'item' && entry.item._id === itemId);
      if (at >= 0) virtualizerRef.current?.scrollToIndex(at, { align: 'auto' });
    },
    container: () => listRef.current,
    neighbour: (side) => paneBeside(listRef.current, side),
    editingId: keepItemId,
    itemShortcuts: (itemId) => {
      const entry = entries.find((candidate) => candidate.kind === 'item' && candidate.item._id === itemId);
      return entry?.kind === 'item' ? itemShortcuts(entry.item) : [];
    },
  });
  // The list is one Tab stop: its rows' own controls are reached by the rows' keys.
  const shortcutsEnabled = useShortcutsEnabled();
  useRowsOneTabStop(() => listRef.current, shortcutsEnabled);

  // Lines being typed that close from the keyboard (Escape, Enter on an empty line) hand the
  // focus to the row above them, or to what an empty list offers, never to the page.
  const rowBeforeNewLines = useMemo(() => {
    const at = entries.findIndex((entry) => entry.kind === 'new-lines');
    if (at === -1) return undefined;
    const before = entries.slice(0, at).findLast((entry) => entry.kind === 'item');
    return before?.kind === 'item' ? before.item._id : null;
  }, [entries]);
  const newLinesClosing = useRef<{ before: string | null } | null>(null);
  const handleNewLinesKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Enter')
      newLinesClosing.current = { before: rowBeforeNewLines ?? null };
  };
  useLayoutEffect(() => {
    const closing = newLinesClosing.current;
    if (rowBeforeNewLines !== undefined || !closing) return;
    newLinesClosing.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active !== document.documentElement) return;
    if (closing.before && itemIds.includes(closing.before)) selection.handlers.focus(closing.before);
    else focusRowIn(scrollRef.current);
  });

  // Always drawn, even out of sight: the lines being typed, the item being edited, and the row
  // holding the list's Tab stop (so Tab and Shift+Tab find the list wherever it is scrolled).
  const { tabStopId } = selection;
  const keep = useMemo(
    () =>
      entries.flatMap((entry, at) =>
        entry.kind === 'new-lines' ||
        (entry.kind === 'item' && (entry.item._id === keepItemId || entry.item._id === tabStopId))
          ? [at]
          : [],
      ),
    [entries, keepItemId, tabStopId],
  );
  const rangeExtractor = useCallback((range: Range) => rangeKeeping(range, keep), [keep]);

  const rowHeight = usePhoneLayout() ? ROW_HEIGHT.phone : ROW_HEIGHT.desktop;
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    // A row keeps its key (and its measured height) when its placeholder gives way to it.
    getItemKey: (at) => {
      const entry = entries[at];
      if (!entry || entry.kind === 'new-lines') return NEW_LINES_KEY;
      return entry.kind === 'item' ? entry.item._id : entry.itemId;
    },
    rangeExtractor,
    measureElement: measureRowLazily,
    // Rows scrolled into view are drawn in React's next task, not inside the scroll event:
    // several scroll events share one render, and no task holds the page for long.
    useFlushSync: false,
  });
  virtualizerRef.current = virtualizer;

  // An item being revealed (a dive-down, a search result) is scrolled to, so its row is drawn
  // (once its page has arrived, if it is still loading).
  useRevealInList(
    useCallback(
      (itemId: string) =>
        entries.findIndex(
          (entry) =>
            (entry.kind === 'item' && entry.item._id === itemId) ||
            (entry.kind === 'pending' && entry.itemId === itemId),
        ),
      [entries],
    ),
    useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'center' }), [virtualizer]),
  );

  // The items' places in the list (the lines being typed are not a place to drop).
  const itemRows = useCallback(() => {
    const measured = virtualizer.measurementsCache;
    return entries.flatMap((entry, at) => {
      const row = measured[at];
      return entry.kind === 'item' && row ? [{ start: row.start, end: row.end }] : [];
    });
  }, [entries, virtualizer]);
  const { setNodeRef, gap } = useDropList(
    paneId,
    { origin: () => listRef.current, rows: itemRows },
    dropDisabled,
  );
  const lineAt = gap === null ? null : (itemRows()[gap]?.start ?? itemRows().at(-1)?.end ?? 0);

  return (
    <div
      ref={(element) => {
        scrollRef.current = element;
        setNodeRef(element);
      }}
      className={className}
      data-dragging-over={gap !== null || undefined}
      // The gap a drop would land in, for the journeys to wait on.
      data-drop-gap={gap ?? undefined}
    >
      {entries.length === 0 && (
        // ← → go on to the panes beside, as they do from a row.
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys belong to the button inside.
        <div
          onKeyDown={(event) => {
            if (!shortcutsEnabled || event.altKey || event.ctrlKey || event.metaKey) return;
            const side = event.key === 'ArrowLeft' ? 'left' : event.key === 'ArrowRight' ? 'right' : null;
            if (side && focusRowIn(paneBeside(listRef.current, side))) event.preventDefault();
          }}
        >
          {empty}
        </div>
      )}
      <ul
        ref={listRef}
        aria-label={label}
        aria-busy={loading || undefined}
        className={classes.list}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {lineAt === null ? null : <li aria-hidden className={classes.dropLine} style={{ top: lineAt }} />}
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index];
          if (!entry) return null;
          const item = entry.kind === 'item' ? entry.item : null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={classes.slot}
              // `top`, not a transform: a transformed ancestor would trap the fixed hover menu inside the pane.
              style={{ top: row.start }}
              {...(item
                ? {
                    ...selection.rowProps(item._id),
                    'aria-label': displayTitleIn(t, item),
                    // Only the rows in sight are drawn: each says where it stands in the whole box.
                    'aria-posinset': (entry.kind === 'item' ? entry.index : 0) + 1,
                    'aria-setsize': rows.length,
                  }
                : {})}
              {...(entry.kind === 'new-lines' ? { onKeyDownCapture: handleNewLinesKey } : {})}
            >
              {entry.kind === 'new-lines' ? (
                newLines
              ) : entry.kind === 'pending' ? (
                <PendingItemRow />
              ) : (
                <ItemSlot
                  paneId={paneId}
                  item={entry.item}
                  index={entry.index}
                  disabled={isDragDisabled(entry.item)}
                  editing={entry.item._id === keepItemId}
                  renderItem={renderItem}
                  handleLabel={t('dnd.handle')}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
