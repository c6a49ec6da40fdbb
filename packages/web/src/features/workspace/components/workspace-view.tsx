import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { DEFAULT_PANE_WIDTH } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { Pane } from '@nestbox/shared/workspace/workspace.schema';
import { IconBox } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePane } from '../api/create-pane';
import { getRootBoxQueryOptions } from '../api/get-root-box';
import { useWorkspace } from '../api/get-workspace';
import { useSavePaneWidth } from '../api/save-pane-width';
import { useNotifyFailure } from '../hooks/use-notify-failure';
import { useRevealNewPanes } from '../hooks/use-reveal-new-panes';
import { BoxPane } from './box-pane';
import { OpenBoxButton } from './open-box-button';
import { PaneResizeHandle } from './pane-resize-handle';
import { WorkspaceEmptyState } from './workspace-empty-state';
import { WorkspaceSection } from './workspace-section';
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
  itemId: string;
  paneIndex: number;
  initialBox: Item | undefined;
}

/** One place in the strip: a box pane at its saved width, and the edge that resizes it. */
function PaneSlot({ pane, itemId, paneIndex, initialBox }: PaneSlotProps) {
  const savedWidth = pane.width || DEFAULT_PANE_WIDTH;
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const savePaneWidth = useSavePaneWidth();
  const width = dragWidth ?? savedWidth;
  const style = { '--pane-width': `${width}px` } as CSSProperties;

  return (
    <li className={classes.pane} style={style}>
      <BoxPane paneId={pane._id} paneIndex={paneIndex} itemId={itemId} initialBox={initialBox} />
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

/** The boxes page: the panes of the workspace side by side, or an invitation to open one. */
export function WorkspaceView() {
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const stripRef = useRef<HTMLUListElement>(null);
  useRevealNewPanes(stripRef, workspace.data?.panesIndex ?? []);

  if (workspace.isPending) {
    return (
      <Center h="60vh">
        <Loader size="md" aria-label={t('workspace.loading')} />
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
    return pane?.type === 'box' && pane.itemId ? [{ pane, itemId: pane.itemId }] : [];
  });

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
      <ul ref={stripRef} className={classes.strip} aria-label={t('workspace.panes')}>
        {openPanes.map(({ pane, itemId }) => (
          <PaneSlot
            key={pane._id}
            pane={pane}
            itemId={itemId}
            paneIndex={panesIndex.indexOf(pane._id)}
            initialBox={paneObjects[itemId]}
          />
        ))}
      </ul>
    </WorkspaceSection>
  );
}
