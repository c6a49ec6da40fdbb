import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { useWorkspaceLayout } from '../../../hooks/use-preferences';
import { useArrowKeysEnterRows } from '../../../hooks/use-row-selection';
import { useWorkspace } from '../../../lib/api/panes/get-workspace';
import { useCurrentPane } from '../hooks/use-current-pane';
import { useHiddenPanes, usePanesThatFit } from '../hooks/use-panes-that-fit';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { useRevealNewPanes } from '../hooks/use-reveal-new-panes';
import { BoxPane } from './box-pane';
import { FirstTextForm } from './first-text-form';
import { OpenBoxButton } from './open-box-button';
import { OpenRootBoxButton, PaneSlot, PaneSwipe, PanesHint } from './pane-strip-parts';
import { PaneSwitcher } from './pane-switcher';
import { WorkspaceDnd } from './workspace-dnd';
import { WorkspaceEmptyState } from './workspace-empty-state';
import { WorkspaceSection } from './workspace-section';
import type { WorkspaceSlots } from './workspace-slots';
import classes from './workspace-view.module.css';

const NO_PANES: string[] = [];

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

  if (waitsForNetwork(workspace)) {
    return (
      <WorkspaceNotice>
        <NotAvailableOffline onRetry={() => void workspace.refetch()} />
      </WorkspaceNotice>
    );
  }
  if (workspace.isPending) {
    return (
      <WorkspaceNotice>
        <Loader size="md" role="status" aria-label={t('workspace.loading')} />
      </WorkspaceNotice>
    );
  }
  // A failed refetch keeps what was shown: only with nothing to show is the failure the screen.
  if (!workspace.data) {
    return (
      <WorkspaceNotice>
        <Stack align="center" gap="sm">
          <Text c="dimmed">{t('boxes.loadFailed')}</Text>
          <Button variant="light" onClick={() => void workspace.refetch()}>
            {t('pane.retry')}
          </Button>
        </Stack>
      </WorkspaceNotice>
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
        <FirstTextForm />
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
                    useAttachFiles={slots.useAttachFiles}
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

/** The workspace waiting, offline or failed: in the middle of the page, under its level-one heading. */
function WorkspaceNotice({ children }: { children: ReactNode }) {
  return (
    <WorkspaceSection>
      <Center h="60vh">{children}</Center>
    </WorkspaceSection>
  );
}
