import { Button, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { DEFAULT_PANE_WIDTH } from '@nestbox/shared/constants';
import type { Pane } from '@nestbox/shared/workspace/workspace.schema';
import { IconBox, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useWorkspaceLayout } from '../../../hooks/use-preferences';
import { useArrowKeysEnterRows } from '../../../hooks/use-row-selection';
import { getRootBoxQueryOptions } from '../../../lib/api/items/get-root-box';
import { useCreatePane } from '../../../lib/api/panes/create-pane';
import { useWorkspace } from '../../../lib/api/panes/get-workspace';
import { useSavePaneWidth } from '../api/save-pane-width';
import { useCurrentPane } from '../hooks/use-current-pane';
import { usePaneSwipe } from '../hooks/use-pane-swipe';
import { useHiddenPanes, usePanesThatFit } from '../hooks/use-panes-that-fit';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { useRevealNewPanes } from '../hooks/use-reveal-new-panes';
import { BoxPane } from './box-pane';
import { OpenBoxButton } from './open-box-button';
import { PaneResizeHandle } from './pane-resize-handle';
import { PaneSwitcher } from './pane-switcher';
import { WorkspaceDnd } from './workspace-dnd';
import { WorkspaceEmptyState } from './workspace-empty-state';
import { WorkspaceSection } from './workspace-section';
import type { WorkspaceSlots } from './workspace-slots';
import classes from './workspace-view.module.css';

/** Opens the caller's root box ('Workspace') in the first pane. */
function OpenRootBoxButton() {
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
      leftSection={<IconBox size={18} stroke={1.7} />}
      onClick={() => void handleOpen()}
      loading={createPane.isPending}
    >
      {t('workspace.openRoot')}
    </Button>
  );
}

interface PaneSlotProps {
  pane: Pane;
  children: ReactNode;
}

/** One place in the strip: a pane at its saved width, and the edge that resizes it. */
function PaneSlot({ pane, children }: PaneSlotProps) {
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

const NO_PANES: string[] = [];

/** A round button at one edge of the strip: how many panes are out of sight on that side. */
function PanesHint({
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
function PaneSwipe({
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

/**
 * The boxes page: the panes of the workspace side by side, or an invitation to open one. On
 * phones one pane fills the width: the switcher above it and a sideways swipe go to the others.
 * The panes other features own (search) and their sections (sharing) come in as `slots`.
 */
export function WorkspaceView({ slots }: { slots: WorkspaceSlots }) {
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const stripRef = useRef<HTMLUListElement>(null);
  const paneIds = workspace.data?.panesIndex ?? NO_PANES;
  useRevealNewPanes(stripRef, paneIds);
  const hidden = useHiddenPanes(stripRef, paneIds);
  const fit = usePanesThatFit();
  // Stacked (the header's Toggle Layout) keeps every pane in sight, one below another.
  const phone = usePhoneLayout();
  const layout = useWorkspaceLayout();
  const onePane = phone && layout !== 'stacked';
  const { current, goTo } = useCurrentPane(stripRef, paneIds, onePane);
  // ↑ or ↓ with the focus on nothing selects a row of the first pane (on a phone, the pane in
  // sight), or the one selected.
  useArrowKeysEnterRows(() => {
    const strip = stripRef.current;
    if (!onePane) return strip;
    return strip?.querySelectorAll<HTMLElement>(':scope > [data-slot-id]')[current] ?? strip;
  });

  if (workspace.isPending) {
    return (
      <Center h="60vh">
        <Loader size="md" role="status" aria-label={t('workspace.loading')} />
      </Center>
    );
  }
  if (workspace.isError) {
    return (
      <Center h="60vh">
        <Stack align="center" gap="sm">
          <Text c="dimmed">{t('boxes.loadFailed')}</Text>
          <Button variant="light" onClick={() => void workspace.refetch()}>
            {t('pane.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  const { panes, panesIndex, paneObjects } = workspace.data;
  const openPanes = panesIndex.flatMap((paneId) => {
    const pane = panes[paneId];
    return pane && ((pane.type === 'box' && pane.itemId) || (pane.type === 'search' && pane.search))
      ? [pane]
      : [];
  });
  // SPEC §9: (window width - padding) / pane width panes fit. All panes stay in the strip (so
  // drags can reach them and they keep their state); those beyond the window are a sideways
  // scroll away, as in Workflowy and Todoist's board view, and a button at either edge tells
  // how many there are and turns a page: the next `fit` panes come into sight.
  const scrollTo = (paneId: string | undefined) =>
    paneId &&
    stripRef.current
      ?.querySelector(`[data-slot-id="${CSS.escape(paneId)}"]`)
      ?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'nearest' });

  if (openPanes.length === 0) {
    return (
      <WorkspaceEmptyState>
        <Group justify="center" gap="sm">
          <OpenRootBoxButton />
          <OpenBoxButton />
        </Group>
      </WorkspaceEmptyState>
    );
  }

  return (
    <WorkspaceSection>
      <WorkspaceDnd>
        <PaneSwipe
          stripRef={stripRef}
          enabled={onePane}
          onSwipe={(step) => goTo(Math.min(Math.max(current + step, 0), openPanes.length - 1))}
        />
        {onePane && openPanes.length > 1 ? (
          <PaneSwitcher panes={openPanes} paneObjects={paneObjects} current={current} onGo={goTo} />
        ) : null}
        <div className={classes.frame} data-switcher={(onePane && openPanes.length > 1) || undefined}>
          <ul ref={stripRef} className={classes.strip} aria-label={t('workspace.panes')}>
            {openPanes.map((pane) => (
              <PaneSlot key={pane._id} pane={pane}>
                {pane.type === 'search' && pane.search ? (
                  slots.renderSearchPane({
                    paneId: pane._id,
                    paneIndex: panesIndex.indexOf(pane._id),
                    savedSearch: pane.search,
                  })
                ) : (
                  <BoxPane
                    paneId={pane._id}
                    paneIndex={panesIndex.indexOf(pane._id)}
                    itemId={pane.itemId ?? ''}
                    initialBox={pane.itemId ? paneObjects[pane.itemId] : undefined}
                    renderShare={slots.renderShare}
                  />
                )}
              </PaneSlot>
            ))}
          </ul>
          {!onePane && hidden.before.length > 0 && (
            <PanesHint
              side="before"
              count={hidden.before.length}
              onClick={() => scrollTo(hidden.before.at(-fit) ?? hidden.before[0])}
            />
          )}
          {!onePane && hidden.after.length > 0 && (
            <PanesHint
              side="after"
              count={hidden.after.length}
              onClick={() => scrollTo(hidden.after[fit - 1] ?? hidden.after.at(-1))}
            />
          )}
        </div>
      </WorkspaceDnd>
    </WorkspaceSection>
  );
}
