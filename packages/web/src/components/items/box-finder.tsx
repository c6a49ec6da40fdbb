import { ActionIcon, Button, Center, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { IconArrowLeft, IconBox, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemsForPane } from '../../lib/api/items/get-items-for-pane';
import { getRootBoxQueryOptions } from '../../lib/api/items/get-root-box';
import { displayTitleIn } from '../../lib/display-title';
import classes from './box-finder.module.css';

/** The one action each box offers (SPEC §2 'Box finder'). */
export type BoxFinderAction = 'open' | 'move' | 'select';

const ACTION_LABEL = {
  open: 'boxFinder.open',
  move: 'boxFinder.move',
  select: 'boxFinder.select',
} as const;

interface BoxFinderProps {
  /** The label of every row's button: Open, Move or Select. */
  action: BoxFinderAction;
  onAction: (box: Item) => void;
  /** Start in this box; by default at the root box, labelled Workspace. */
  startBoxId?: string;
  /** Boxes not shown at all (nor what is inside them): the item being moved. */
  excludedIds?: readonly string[];
  /** Boxes shown and entered, but without the action: the moved item's current box. */
  currentIds?: readonly string[];
  /** The box whose action is under way: its button spins, the others wait. */
  pendingId?: string | null;
}

/**
 * Browses boxes: the current box with its own action, then the boxes inside it. Clicking a
 * row goes into that box; Back goes to its parent (hidden at the root box).
 */
export function BoxFinder({
  action,
  onAction,
  startBoxId,
  excludedIds = [],
  currentIds = [],
  pendingId,
}: BoxFinderProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [boxId, setBoxId] = useState<string | undefined>(startBoxId);
  const currentRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const root = useQuery({ ...getRootBoxQueryOptions(), enabled: boxId === undefined });
  const currentId = boxId ?? root.data?._id;
  const contents = useItemsForPane(currentId ?? '', { enabled: currentId !== undefined });

  // After going into a box or back, keyboard focus lands on the box now shown.
  useEffect(() => {
    if (moved.current && contents.data) {
      moved.current = false;
      currentRef.current?.focus();
    }
  }, [contents.data]);

  const goTo = (id: string) => {
    moved.current = true;
    setBoxId(id);
  };

  const box = contents.data?.item;
  const boxes = (contents.data?.items ?? []).filter(
    (item) => item.itemType === 'todoBox' && !excludedIds.includes(item._id),
  );
  const titleOf = (item: Item) => displayTitleIn(t, item);
  const actionLabel = t(ACTION_LABEL[action]);
  const failed = root.isError || contents.isError;

  const actionButton = (item: Item) =>
    currentIds.includes(item._id) ? (
      <Text fz="sm" c="dimmed" className={classes.currentBox}>
        {t('boxFinder.currentBox')}
      </Text>
    ) : (
      <Button
        size="compact-sm"
        variant="light"
        loading={pendingId === item._id}
        disabled={pendingId != null && pendingId !== item._id}
        aria-label={`${actionLabel} ${titleOf(item)}`}
        onClick={() => onAction(item)}
      >
        {actionLabel}
      </Button>
    );

  let body: ReactNode;
  if (failed) {
    body = (
      <Stack align="center" gap="xs" className={classes.state}>
        <Text c="dimmed" fz="sm" ta="center">
          {t('boxes.loadFailed')}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => void (root.isError ? root.refetch() : contents.refetch())}
        >
          {t('pane.retry')}
        </Button>
      </Stack>
    );
  } else if (!contents.data || (boxes.length === 0 && !contents.complete)) {
    // Still loading, or the boxes may be among the rows not loaded yet.
    body = (
      <Center className={classes.state}>
        <Loader size="sm" role="status" aria-label={t('boxFinder.loading')} />
      </Center>
    );
  } else if (boxes.length === 0) {
    body = (
      <Text c="dimmed" fz="sm" ta="center" className={classes.state}>
        {t('boxFinder.empty')}
      </Text>
    );
  } else {
    body = (
      <ul
        className={classes.list}
        id={listId}
        aria-label={t('boxFinder.list', { title: box ? titleOf(box) : '' })}
      >
        {boxes.map((item) => (
          <li key={item._id} className={classes.row} data-finder-box={item._id}>
            <UnstyledButton
              className={classes.drill}
              onClick={() => goTo(item._id)}
              aria-label={t('boxFinder.enter', { title: titleOf(item) })}
            >
              <IconBox className={classes.icon} size={18} stroke={1.7} aria-hidden />
              <span className={classes.title}>{titleOf(item)}</span>
              <IconChevronRight className={classes.chevron} size={16} stroke={1.7} aria-hidden />
            </UnstyledButton>
            {actionButton(item)}
          </li>
        ))}
      </ul>
    );
  }

  const parentId = box && !box.isRootBox ? box.parentItemId : null;

  return (
    <div className={classes.finder} data-box-finder>
      <div className={classes.header}>
        {parentId && (
          <Tooltip label={t('boxFinder.back')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('boxFinder.back')}
              onClick={() => goTo(parentId)}
            >
              <IconArrowLeft size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        )}
        <div className={classes.current} ref={currentRef} tabIndex={-1} data-finder-current>
          {box ? titleOf(box) : t('common.loading')}
        </div>
        {box && !excludedIds.includes(box._id) && actionButton(box)}
      </div>
      {body}
    </div>
  );
}
