import {
  type Active,
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  DndContext,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  MeasuringStrategy,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type GapRow, gapCentre, gapAt as gapInRows, nextGap } from './drop-gaps';
import { PromptKeyboardSensor } from './prompt-keyboard-sensor';

/** What a draggable row tells the drag-and-drop about itself (its `data`). */
export interface DragSource {
  listId: string;
  /** Its place among the list's rows (as the list's gaps count them). */
  index: number;
  /** Read out when it is picked up and dropped. */
  title: string;
}

/** Where a drop lands: a list, and the gap (0 to the number of rows) the pointer is in. */
export interface DropTarget {
  listId: string;
  gap: number;
}

export interface DropEvent {
  source: DragSource;
  target: DropTarget;
  active: Active;
}

/** A list that takes drops: its element on screen and its rows (virtualised rows included). */
export interface DropList {
  element: () => HTMLElement | null;
  /** The element the rows' offsets count from (the virtual list's sizer). */
  origin: () => HTMLElement | null;
  rows: () => readonly GapRow[];
}

type Point = { x: number; y: number };

/** The current target, held outside React so that only the lists it concerns draw again. */
class TargetStore {
  private target: DropTarget | null = null;
  private readonly listeners = new Set<() => void>();
  get = () => this.target;
  set(next: DropTarget | null) {
    const same = next?.listId === this.target?.listId && next?.gap === this.target?.gap;
    if (same) return;
    this.target = next;
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

interface Registry {
  store: TargetStore;
  lists: Map<string, DropList>;
}

const RegistryContext = createContext<Registry | null>(null);

function within(point: Point, rect: DOMRect | ClientRect) {
  return point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;
}

/** The list under a point, and the gap the point falls in (by the list's live position on screen). */
function targetAt(lists: Map<string, DropList>, point: Point): DropTarget | null {
  for (const [listId, list] of lists) {
    const element = list.element();
    if (!element || !within(point, element.getBoundingClientRect())) continue;
    const origin = list.origin()?.getBoundingClientRect().top ?? element.getBoundingClientRect().top;
    return { listId, gap: gapInRows(list.rows(), point.y - origin) };
  }
  return null;
}

function centre(rect: ClientRect | null | undefined): Point | null {
  return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
}

/** Where a pointer (mouse or finger) first pressed, or null for a keyboard drag. */
function pressedAt(event: Event | null): Point | null {
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) {
    const touch = event.touches[0] ?? event.changedTouches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  if (event instanceof MouseEvent) return { x: event.clientX, y: event.clientY };
  return null;
}

/**
 * The point that decides the drop: the pointer itself for a mouse or a finger (where it
 * pressed plus how far the dragged copy has moved since), the middle of the dragged copy for
 * the keyboard.
 */
function dragPoint(active: Active, activatorEvent: Event | null): Point | null {
  const { initial, translated } = active.rect.current;
  const pressed = pressedAt(activatorEvent);
  if (!pressed) return centre(translated);
  if (!initial || !translated) return pressed;
  return { x: pressed.x + translated.left - initial.left, y: pressed.y + translated.top - initial.top };
}

function sourceOf(candidate: Active | null): DragSource | null {
  return (candidate?.data.current ?? null) as DragSource | null;
}

interface PointerDndProps {
  /** A drop onto a list (not called for a drop outside every list, or a cancelled drag). */
  onDrop: (drop: DropEvent) => void;
  /** The dragged copy that follows the pointer. */
  renderOverlay: (active: Active) => ReactNode;
  onDragStart?: (active: Active) => void;
  /** Any end of a drag, dropped or cancelled (called before `onDrop`). */
  onDragEnd?: () => void;
  announce: {
    pickedUp: (title: string) => string;
    dropped: (title: string) => string;
    cancelled: (title: string) => string;
  };
  instructions: string;
  children: ReactNode;
}

const MEASURING = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

/**
 * Drag and drop decided by the pointer. The list and the gap a row lands in are those under
 * the mouse or finger, wherever the dragged copy hangs (a row grabbed by its right end and
 * moved right still lands in the pane the pointer is in). Sensors: the mouse starts a drag
 * after 5 px of travel (a click stays a click); a finger must rest 250 ms on a row to lift it,
 * so a swipe scrolls the list instead; the keyboard lifts with Space, moves gap by gap with the
 * arrows (left and right to the neighbouring list) and drops with Space.
 *
 * Lists register with {@link useDropList}; rows are dnd-kit draggables whose `data` is a
 * {@link DragSource}. While dragging, the copy is drawn by `renderOverlay` and the rows stay put;
 * each list shows where the drop would land from {@link useDropList}'s `gap`.
 */
export function PointerDnd({
  onDrop,
  renderOverlay,
  onDragStart,
  onDragEnd,
  announce,
  instructions,
  children,
}: PointerDndProps) {
  const registry = useMemo<Registry>(() => ({ store: new TargetStore(), lists: new Map() }), []);
  const [active, setActive] = useState<Active | null>(null);

  const keyboardCoordinates = useCallback<KeyboardCoordinateGetter>(
    (event, { context, currentCoordinates }) => {
      const from = centre(context.collisionRect);
      const current = registry.store.get();
      const list = current ? registry.lists.get(current.listId) : undefined;
      if (!from || !current || !list) return undefined;
      const source = sourceOf(context.active);
      const rows = list.rows();
      const sourceIndex = source?.listId === current.listId ? source.index : null;
      let targetList = list;
      let gap = current.gap;
      let x = from.x;
      if (event.code === 'ArrowDown' || event.code === 'ArrowUp') {
        gap = nextGap(current.gap, event.code === 'ArrowDown' ? 1 : -1, rows.length, sourceIndex);
      } else if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
        // The neighbouring list on that side, nearest first.
        const here = list.element()?.getBoundingClientRect();
        const side = event.code === 'ArrowRight' ? 1 : -1;
        const beside = [...registry.lists.values()]
          .map((other) => ({ other, rect: other.element()?.getBoundingClientRect() }))
          .filter(
            (entry): entry is { other: DropList; rect: DOMRect } =>
              !!entry.rect &&
              !!here &&
              (side === 1 ? entry.rect.left >= here.right : entry.rect.right <= here.left),
          )
          .sort((a, b) => side * (a.rect.left - b.rect.left))[0];
        if (!beside) return undefined;
        targetList = beside.other;
        gap = Math.min(current.gap, beside.other.rows().length);
        x = beside.rect.left + beside.rect.width / 2;
      } else {
        return undefined;
      }
      event.preventDefault();
      const origin = targetList.origin()?.getBoundingClientRect().top ?? 0;
      const y = origin + gapCentre(targetList.rows(), gap);
      return { x: currentCoordinates.x + x - from.x, y: currentCoordinates.y + y - from.y };
    },
    [registry],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  // dnd-kit's own 'over' (which scrolls the list under the pointer near its edges) follows the
  // same point as the drop.
  const collisionDetection = useCallback<CollisionDetection>(
    ({ droppableContainers, pointerCoordinates, collisionRect }) => {
      const point = pointerCoordinates ?? centre(collisionRect);
      if (!point) return [];
      const hit = droppableContainers.find((container) => {
        const rect = container.node.current?.getBoundingClientRect();
        return rect ? within(point, rect) : false;
      });
      return hit ? [{ id: hit.id }] : [];
    },
    [],
  );

  const track = useCallback(
    ({ active: moving, activatorEvent }: DragMoveEvent | DragStartEvent) => {
      const point = dragPoint(moving, activatorEvent);
      registry.store.set(point ? targetAt(registry.lists, point) : null);
    },
    [registry],
  );

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active: picked }) => announce.pickedUp(sourceOf(picked)?.title ?? ''),
      onDragOver: () => undefined,
      onDragEnd: ({ active: dropped }) => announce.dropped(sourceOf(dropped)?.title ?? ''),
      onDragCancel: ({ active: back }) => announce.cancelled(sourceOf(back)?.title ?? ''),
    }),
    [announce],
  );

  // A drag never outlives the lists: forget the target when the context goes.
  useEffect(() => () => registry.store.set(null), [registry]);

  const finish = () => {
    registry.store.set(null);
    setActive(null);
    onDragEnd?.();
  };

  return (
    <RegistryContext value={registry}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        measuring={MEASURING}
        accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
        onDragStart={(event) => {
          setActive(event.active);
          onDragStart?.(event.active);
          // The keyboard starts from the gap just below the row (where it already is).
          const source = sourceOf(event.active);
          if (source && !pressedAt(event.activatorEvent)) {
            registry.store.set({ listId: source.listId, gap: source.index + 1 });
          } else {
            track(event);
          }
        }}
        onDragMove={track}
        onDragEnd={(event) => {
          const target = registry.store.get();
          const source = sourceOf(event.active);
          finish();
          if (target && source) onDrop({ source, target, active: event.active });
        }}
        onDragCancel={finish}
      >
        {children}
        <DragOverlay dropAnimation={null}>{active ? renderOverlay(active) : null}</DragOverlay>
      </DndContext>
    </RegistryContext>
  );
}

/**
 * Registers a list that takes drops. Answers the ref for its drop area (the element the
 * pointer must be over), and the gap the current drag would land in here (null when the
 * pointer is elsewhere), so the list can show it. A disabled list takes no drops.
 */
export function useDropList(listId: string, list: Omit<DropList, 'element'>, disabled = false) {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useDropList needs a PointerDnd around it');
  const { setNodeRef, node } = useDroppable({ id: listId, disabled });
  const latest = useRef(list);
  latest.current = list;
  useEffect(() => {
    if (disabled) return;
    registry.lists.set(listId, {
      element: () => node.current,
      origin: () => latest.current.origin(),
      rows: () => latest.current.rows(),
    });
    return () => {
      registry.lists.delete(listId);
    };
  }, [registry, listId, node, disabled]);
  const gap = useSyncExternalStore(registry.store.subscribe, () => {
    const target = registry.store.get();
    return target?.listId === listId ? target.gap : null;
  });
  return { setNodeRef, gap };
}
