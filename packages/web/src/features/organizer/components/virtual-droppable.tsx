import {
  Draggable,
  type DraggableProvided,
  type DraggableRubric,
  type DraggableStateSnapshot,
  Droppable,
  type DroppableProvided,
} from '@hello-pangea/dnd';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactElement, type ReactNode, useCallback, useRef } from 'react';
import classes from './organizer-lists.module.css';

export interface VirtualRowProps<Row> {
  row: Row;
  provided: DraggableProvided;
  snapshot: DraggableStateSnapshot;
  /** Where the virtualiser places the row (empty for the dragged clone). */
  style: CSSProperties;
}

interface VirtualDroppableProps<Row extends { id: string }> {
  droppableId: string;
  rows: readonly Row[];
  rowHeight: (row: Row) => number;
  isDragDisabled?: (row: Row) => boolean;
  renderRow: (props: VirtualRowProps<Row>) => ReactElement;
  /** Shown over the (empty) list, which still takes drops. */
  overlay?: ReactNode;
  label: string;
}

const OVERSCAN = 6;

/**
 * A drop target whose rows are virtualised: only the rows in view exist in the page, and
 * the dragged row is drawn by a clone (hello-pangea/dnd's virtual mode), so a list of
 * thousands stays smooth and its rows can still move anywhere.
 */
export function VirtualDroppable<Row extends { id: string }>(props: VirtualDroppableProps<Row>) {
  const { droppableId, rows, renderRow } = props;
  const renderClone = (
    provided: DraggableProvided,
    snapshot: DraggableStateSnapshot,
    rubric: DraggableRubric,
  ) => {
    const row = rows.find((candidate) => candidate.id === rubric.draggableId);
    return row ? renderRow({ row, provided, snapshot, style: {} }) : <div ref={provided.innerRef} />;
  };
  return (
    <Droppable droppableId={droppableId} mode="virtual" renderClone={renderClone}>
      {(provided, snapshot) => (
        <VirtualBody {...props} provided={provided} withPlaceholder={snapshot.isUsingPlaceholder} />
      )}
    </Droppable>
  );
}

interface VirtualItemProps<Row extends { id: string }> {
  row: Row;
  index: number;
  top: number;
  height: number;
  isDragDisabled: boolean;
  renderRow: (props: VirtualRowProps<Row>) => ReactElement;
}

/**
 * One placed row. Memoised: while the list scrolls, rows already in view keep their props
 * and are not drawn again, so each frame only mounts the rows that scroll in.
 */
const VirtualItem = memo(function VirtualItem<Row extends { id: string }>({
  row,
  index,
  top,
  height,
  isDragDisabled,
  renderRow,
}: VirtualItemProps<Row>) {
  return (
    <Draggable draggableId={row.id} index={index} isDragDisabled={isDragDisabled}>
      {(provided, snapshot) =>
        renderRow({
          row,
          provided,
          snapshot,
          style: { position: 'absolute', top, left: 0, right: 0, height },
        })
      }
    </Draggable>
  );
}) as <Row extends { id: string }>(props: VirtualItemProps<Row>) => ReactElement;

function VirtualBody<Row extends { id: string }>({
  rows,
  rowHeight,
  isDragDisabled,
  renderRow,
  overlay,
  label,
  provided,
  withPlaceholder,
}: VirtualDroppableProps<Row> & { provided: DroppableProvided; withPlaceholder: boolean }) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const { innerRef } = provided;
  const setRef = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element;
      innerRef(element);
    },
    [innerRef],
  );
  // Stable between scroll frames: a new estimateSize or getItemKey makes the virtualiser
  // measure every row of the list again, thousands of them, on each frame.
  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index] ?? rows[rows.length - 1];
      return row ? rowHeight(row) : 44;
    },
    [rows, rowHeight],
  );
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? 'drop-placeholder', [rows]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const virtualizer = useVirtualizer({
    // While a row from the other list hovers, one more row of room opens for it.
    count: rows.length + (withPlaceholder ? 1 : 0),
    getScrollElement,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
  });

  return (
    <div className={classes.scrollWrap}>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling drop target named for the list it holds; a fieldset would bring form semantics. */}
      <div
        ref={setRef}
        {...provided.droppableProps}
        className={classes.scroller}
        role="group"
        aria-label={label}
      >
        <div className={classes.sizer} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtualRow) => {
            const row = rows[virtualRow.index];
            if (!row) return null;
            return (
              <VirtualItem
                key={row.id}
                row={row}
                index={virtualRow.index}
                top={virtualRow.start}
                height={virtualRow.size}
                isDragDisabled={isDragDisabled?.(row) ?? false}
                renderRow={renderRow}
              />
            );
          })}
        </div>
      </div>
      {overlay ? <div className={classes.overlay}>{overlay}</div> : null}
    </div>
  );
}
