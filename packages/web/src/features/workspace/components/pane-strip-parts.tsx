import { Button, Tooltip } from '@mantine/core';
import { DEFAULT_PANE_WIDTH } from '@nestbox/shared/constants';
import type { Pane } from '@nestbox/shared/workspace/workspace.schema';
import { IconBox, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { getRootBoxQueryOptions } from '../../../lib/api/items/get-root-box';
import { useCreatePane } from '../../../lib/api/panes/create-pane';
import { useSavePaneWidth } from '../api/save-pane-width';
import { usePaneSwipe } from '../hooks/use-pane-swipe';
import { PaneResizeHandle } from './pane-resize-handle';
import classes from './workspace-view.module.css';

/** Opens the caller's root box ('Workspace') in the first pane. */
export function OpenRootBoxButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const createPane = useCreatePane();
  const notifyFailure = useNotifyFailure();

  const handleOpen = async () => {
    try {
      const root = await queryClient.fetchQuery(getRootBoxQueryOptions());
      await createPane.mutateAsync({ pos: 0, itemId: root._id });
    } catch (error) {
      notifyFailure(error, 'boxes.addFailed');
    }
  };

  return (
    <Button
      mt="md"
      variant="default"
      leftSection={<IconBox size={18} stroke={1.7} />}
      onClick={() => void handleOpen()}
      loading={createPane.isPending}
    >
      {t('workspace.openRoot')}
    </Button>
  );
}

export interface PaneSlotProps {
  pane: Pane;
  children: ReactNode;
}

/** One place in the strip: a pane at its saved width, and the edge that resizes it. */
export function PaneSlot({ pane, children }: PaneSlotProps) {
  const savedWidth = pane.width || DEFAULT_PANE_WIDTH;
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const savePaneWidth = useSavePaneWidth();
  const width = dragWidth ?? savedWidth;
  const style = { '--pane-width': `${width}px` } as CSSProperties;

  return (
    <li className={classes.pane} style={style} data-slot-id={pane._id}>
      {children}
      <PaneResizeHandle
        width={width}
        onResize={setDragWidth}
        onResizeEnd={(next) => {
          // The dragged width stays until the cache holds it, so the pane never jumps back.
          setDragWidth(next);
          savePaneWidth.mutate({ paneId: pane._id, width: next }, { onSettled: () => setDragWidth(null) });
        }}
      />
    </li>
  );
}

/** A round button at one edge of the strip: how many panes are out of sight on that side. */
export function PanesHint({
  side,
  count,
  onClick,
}: {
  side: 'before' | 'after';
  count: number;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const label = t(side === 'before' ? 'workspace.panesBefore' : 'workspace.panesAfter', { count });
  const Icon = side === 'before' ? IconChevronLeft : IconChevronRight;
  return (
    <Tooltip label={label}>
      <Button
        className={classes.hint}
        data-side={side}
        variant="default"
        radius="xl"
        size="compact-sm"
        aria-label={label}
        onClick={onClick}
        leftSection={side === 'before' ? <Icon size={16} stroke={2} /> : undefined}
        rightSection={side === 'after' ? <Icon size={16} stroke={2} /> : undefined}
      >
        {count}
      </Button>
    </Tooltip>
  );
}

/** Turns a sideways swipe over the strip into a step to a neighbouring pane (phones). */
export function PaneSwipe({
  stripRef,
  onSwipe,
  enabled,
}: {
  stripRef: RefObject<HTMLElement | null>;
  onSwipe: (step: 1 | -1) => void;
  enabled: boolean;
}) {
  // Inside the drag-and-drop context: a long press that lifted a row is no swipe.
  usePaneSwipe(stripRef, onSwipe, enabled);
  return null;
}
