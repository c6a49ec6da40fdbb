import { type DraggableAttributes, type DraggableSyntheticListeners, useDraggable } from '@dnd-kit/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Range, useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  memo,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GapRow } from '../../../components/dnd/drop-gaps';
import { type DragSource, useDropList } from '../../../components/dnd/pointer-dnd';
import {
  type RowHandlers,
  type RowSelectionOptions,
  selectableRow,
  useRowSelection,
  useRowsOneTabStop,
} from '../../../hooks/use-row-selection';
import { rangeKeeping } from '../../../lib/kept-rows';
import { measureRowLazily } from '../../../lib/measure-row';
import { useShortcutsEnabled } from '../../../lib/shortcuts';
import classes from './organizer-lists.module.css';

/** How a row is dragged: null for the copy that follows the pointer. */
export interface RowDrag {
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  isDragging: boolean;
}

export interface VirtualRowProps<Row> {
  row: Row;
  drag: RowDrag | null;
  /** Where the virtualiser places the row (empty for the dragged copy). */
  style: CSSProperties;
  /** The virtualiser measures the row (titles wrap, so rows differ in height). */
  measureRef?: (element: HTMLElement | null) => void;
  index?: number;
  /** What makes the row one the keyboard selects (absent for headings and the dragged copy). */
  selectable?: ReturnType<typeof selectableRow>;
}

/** What an Organizer row hands the drag and drop: enough to draw the dragged copy. */
export interface OrganizerDragSource<Row = unknown> extends DragSource {
  row: Row;
  render: () => ReactNode;
}

interface VirtualDropListProps<Row extends { id: string }> {
  listId: string;
  rows: readonly Row[];
  /** A row's usual height, before it is measured. */
  rowHeight: (row: Row) => number;
  /** A heading: not dragged, and the whole of it means the top of its group. */
  isHeading?: (row: Row) => boolean;
  titleOf: (row: Row) => string;
  renderRow: (props: VirtualRowProps<Row>) => ReactElement;
  /** Where a drop lands matters here: a line shows the gap (else the whole list is marked). */
  showGap: boolean;
  /** Shown over the (empty) list, which still takes drops. */
  overlay?: ReactNode;
  label: string;
  /** The keyboard's selection among the list's item rows (see useRowSelection). */
  selection: ListSelection;
}

/** How a list's rows are selected, beyond what the list itself knows (its rows, its scroll). */
export type ListSelection = Omit<RowSelectionOptions, 'itemIds' | 'reveal' | 'container'>;

const OVERSCAN = 6;
/** Below this width the lists are stacked and the page scrolls, not each list (SPEC §9: 768 px). */
const NARROW = '(max-width: 47.99em)';

/**
 * A drop list whose rows are virtualised: only the rows in view exist in the page, and the
 * dragged row is drawn by a copy (see PointerDnd), so a list of thousands stays smooth and its
 * rows can still move anywhere. On a wide screen each list scrolls on its own; on a narrow one
 * the lists stack and the page scrolls, so no list hides half a group in a box of its own.
 */
export function VirtualDropList<Row extends { id: string }>(props: VirtualDropListProps<Row>) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  return narrow ? <PageScrolledList {...props} /> : <OwnScrollList {...props} />;
}

function OwnScrollList<Row extends { id: string }>(props: VirtualDropListProps<Row>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const selecting = useListSelection(props);
  const virtualizer = useVirtualizer({
    ...useVirtualOptions(props, selecting.tabStopAt),
    getScrollElement,
  });
  selecting.virtualizer.current = virtualizer;
  return (
    <ListBody {...props} selecting={selecting} virtualizer={virtualizer} scrollRef={scrollRef} margin={0} />
  );
}

function PageScrolledList<Row extends { id: string }>(props: VirtualDropListProps<Row>) {
  const selecting = useListSelection(props);
  const { sizer } = selecting;
  // Where the list starts in the page: the rows' offsets in the window count from there.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = sizer.current ? sizer.current.getBoundingClientRect().top + window.scrollY : 0;
      setMargin((before) => (Math.abs(before - top) < 1 ? before : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [sizer]);
  const virtualizer = useWindowVirtualizer({
    ...useVirtualOptions(props, selecting.tabStopAt),
    scrollMargin: margin,
  });
  selecting.virtualizer.current = virtualizer;
  return <ListBody {...props} selecting={selecting} virtualizer={virtualizer} margin={margin} />;
}

type ListVirtualizer = Virtualizer<HTMLDivElement, Element> | Virtualizer<Window, Element>;

/**
 * The keyboard's selection among the list's item rows (see useRowSelection). The list is one
 * Tab stop: its rows' own controls are reached by the rows' keys, and the row holding the Tab
 * stop is drawn wherever the list is scrolled, so Tab and Shift+Tab find the list.
 */
function useListSelection<Row extends { id: string }>({
  rows,
  isHeading,
  selection,
}: VirtualDropListProps<Row>) {
  // The element holding the rows, and the virtualiser placing them (made after this hook).
  const sizer = useRef<HTMLDivElement | null>(null);
  const virtualizer = useRef<ListVirtualizer | null>(null);
  const itemIds = useMemo(() => rows.flatMap((row) => (isHeading?.(row) ? [] : [row.id])), [rows, isHeading]);
  const { selectedId, tabStopId, tabIndexOf, handlers } = useRowSelection({
    ...selection,
    itemIds,
    reveal: (itemId) => {
      const at = rows.findIndex((row) => row.id === itemId);
      if (at >= 0) virtualizer.current?.scrollToIndex(at, { align: 'auto' });
    },
    container: () => sizer.current,
  });
  useRowsOneTabStop(() => sizer.current, useShortcutsEnabled());
  const tabStopAt = useMemo(
    () => (tabStopId === null ? -1 : rows.findIndex((row) => row.id === tabStopId)),
    [rows, tabStopId],
  );
  return { sizer, virtualizer, selectedId, tabIndexOf, handlers, tabStopAt };
}

/**
 * Stable between scroll frames: a new estimateSize or getItemKey makes the virtualiser
 * measure every row of the list again, thousands of them, on each frame.
 */
function useVirtualOptions<Row extends { id: string }>(
  { rows, rowHeight }: VirtualDropListProps<Row>,
  /** The row always drawn (the list's Tab stop), or -1. */
  keepAt: number,
) {
  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index] ?? rows[rows.length - 1];
      return row ? rowHeight(row) : 44;
    },
    [rows, rowHeight],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const rangeExtractor = useCallback((range: Range) => rangeKeeping(range, [keepAt]), [keepAt]);
  return {
    count: rows.length,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    measureElement: measureRowLazily,
  };
}

interface VirtualItemProps<Row extends { id: string }> {
  listId: string;
  row: Row;
  index: number;
  top: number;
  heading: boolean;
  title: string;
  renderRow: (props: VirtualRowProps<Row>) => ReactElement;
  measureRef: (element: HTMLElement | null) => void;
  selected: boolean;
  tabIndex: 0 | -1 | undefined;
  /** Stable: the row's selection handlers. */
  handlers: RowHandlers;
}

/**
 * One placed row. Memoised: while the list scrolls, rows already in view keep their props
 * and are not drawn again, so each frame only mounts the rows that scroll in.
 */
const VirtualItem = memo(function VirtualItem<Row extends { id: string }>({
  listId,
  row,
  index,
  top,
  heading,
  title,
  renderRow,
  measureRef,
  selected,
  tabIndex,
  handlers,
}: VirtualItemProps<Row>) {
  const render = () => renderRow({ row, drag: null, style: {} });
  const data: OrganizerDragSource<Row> = { listId, index, title, row, render };
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: row.id,
    data,
    disabled: heading,
  });
  return renderRow({
    row,
    index,
    drag: heading ? null : { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging },
    style: { position: 'absolute', top, left: 0, right: 0 },
    measureRef,
    ...(heading ? {} : { selectable: selectableRow(row.id, { selected, tabIndex, handlers }) }),
  });
}) as <Row extends { id: string }>(props: VirtualItemProps<Row>) => ReactElement;

type ListBodyProps<Row extends { id: string }> = VirtualDropListProps<Row> & {
  selecting: ReturnType<typeof useListSelection>;
  virtualizer: ListVirtualizer;
  /** The list's own scroller (wide screens); absent when the page scrolls. */
  scrollRef?: RefObject<HTMLDivElement | null>;
  /** The rows' offsets start this far down (the list's place in the page, when the page scrolls). */
  margin: number;
};

function ListBody<Row extends { id: string }>({
  listId,
  rows,
  isHeading,
  titleOf,
  renderRow,
  showGap,
  overlay,
  label,
  selecting: { sizer, selectedId, tabIndexOf, handlers },
  virtualizer,
  scrollRef,
  margin,
}: ListBodyProps<Row>) {
  const gapRows = useCallback(
    (): GapRow[] =>
      virtualizer.measurementsCache.map((measured, index) => {
        const row = rows[index];
        return {
          start: measured.start - margin,
          end: measured.end - margin,
          heading: row ? (isHeading?.(row) ?? false) : false,
        };
      }),
    [virtualizer, rows, isHeading, margin],
  );
  const { setNodeRef, gap } = useDropList(listId, { origin: () => sizer.current, rows: gapRows });
  const lineAt = !showGap || gap === null ? null : (gapRows()[gap]?.start ?? gapRows().at(-1)?.end ?? 0);
  const measureRef = virtualizer.measureElement as (element: HTMLElement | null) => void;

  const body = (
    <div
      className={classes.sizer}
      ref={(element) => {
        sizer.current = element;
      }}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {lineAt === null ? null : <div aria-hidden className={classes.dropLine} style={{ top: lineAt }} />}
      {virtualizer.getVirtualItems().map((virtualRow) => {
        const row = rows[virtualRow.index];
        if (!row) return null;
        return (
          <VirtualItem
            key={row.id}
            listId={listId}
            row={row}
            index={virtualRow.index}
            top={virtualRow.start - margin}
            heading={isHeading?.(row) ?? false}
            title={titleOf(row)}
            renderRow={renderRow}
            measureRef={measureRef}
            selected={row.id === selectedId}
            tabIndex={tabIndexOf(row.id)}
            handlers={handlers}
          />
        );
      })}
    </div>
  );

  return (
    <div className={classes.scrollWrap} data-page-scrolled={scrollRef ? undefined : true}>
      {/* biome-ignore lint/a11y/useSemanticElements: a drop area named for the list it holds; a fieldset would bring form semantics. */}
      <div
        ref={(element) => {
          if (scrollRef) scrollRef.current = element;
          setNodeRef(element);
        }}
        className={scrollRef ? classes.scroller : classes.pageList}
        role="group"
        aria-label={label}
        data-list-id={listId}
        data-dragging-over={gap !== null || undefined}
        // The gap a drop would land in, for the journeys to wait on.
        data-drop-gap={gap ?? undefined}
      >
        {body}
      </div>
      {overlay ? <div className={classes.overlay}>{overlay}</div> : null}
    </div>
  );
}
