import { ActionIcon, Button, EmptyState, Group, Menu, Paper, Title, Tooltip } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import {
  IconAlignLeft,
  IconBox,
  IconBoxOff,
  IconPlus,
  IconSearch,
  IconSettings,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../../components/errors/load-boundary';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import classes from '../../../components/layout/pane.module.css';
import { PaneLoadFailed, PaneLoading } from '../../../components/layout/pane-states';
import { useAbilities } from '../../../hooks/use-abilities';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useOpenedOnce } from '../../../hooks/use-opened-once';
import { EMPTY_LIST_STOP } from '../../../hooks/use-row-selection';
import { useUser } from '../../../lib/api/get-user';
import { occurrenceOf, useSetItemCompleted } from '../../../lib/api/items/complete-item';
import { useItemsForPane } from '../../../lib/api/items/get-items-for-pane';
import { paneRows } from '../../../lib/api/items/pane-contents';
import { useClosePane } from '../../../lib/api/panes/close-pane';
import { useCreatePane } from '../../../lib/api/panes/create-pane';
// Drag and drop and search panes
import { useCreateSearchPane } from '../../../lib/api/panes/create-search-pane';
import { displayTitleIn } from '../../../lib/display-title';
import { selectItem } from '../../../lib/item-selection';
// Workspace settings 'Open boxes in' (items web)
import { useReplaceInWorkspace } from '../api/replace-in-workspace';
import { useFileDrop } from '../hooks/use-file-drop';
import { usePaneCommands } from '../hooks/use-pane-commands';
import { useRowKeys } from '../hooks/use-row-keys';
import { useTextOutliner } from '../hooks/use-text-outliner';
import { BoxTitle } from './box-title';
import { confirmBoxCompletion } from './confirm-box-completion';
import { CreateBoxModal } from './create-box-modal';
import { BoxItemRow, DraftTextRow, QueuedTextRow, TextItemRow } from './item-row';
import { PaneItemList } from './pane-item-list';
import type { WorkspaceSlots } from './workspace-slots';

function PaneAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

interface BoxPaneProps {
  paneId: string;
  /** Position of this pane in the workspace: a box opened from it goes right after it. */
  paneIndex: number;
  /** The box this pane shows. */
  itemId: string;
  /** The box as the workspace sent it, shown while the pane loads. */
  initialBox: Item | undefined;
  renderShare: WorkspaceSlots['renderShare'];
  /** Files dropped onto a row attach to its item (the attachments feature), when given. */
  useAttachFiles?: () => ReturnType<NonNullable<WorkspaceSlots['useAttachFiles']>> | undefined;
}

/** Box settings (title, sharing, auto-archive…): loaded when a pane's settings first open. */
const BoxSettingsModal = retryableLazy(async () => ({
  default: (await import('./box-settings-modal')).BoxSettingsModal,
}));

/** Without the attachments feature, files dropped onto rows do nothing. */
const noFileDrops = () => undefined;

/** One box pane: its heading and actions, then its visible sub-items in order. */
export function BoxPane({
  paneId,
  paneIndex,
  itemId,
  initialBox,
  renderShare,
  useAttachFiles = noFileDrops,
}: BoxPaneProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [createBoxOpen, setCreateBoxOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Box settings' code loads when they first open.
  const settingsLoaded = useOpenedOnce(settingsOpen);
  /** The box row being renamed in place (Enter on the selected row). */
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const insertButton = useRef<HTMLButtonElement>(null);
  /** The box Create Box just made: the focus goes to its row once the modal has gone. */
  const createdBox = useRef<string | null>(null);

  const contents = useItemsForPane(itemId);
  const closePane = useClosePane();
  const createPane = useCreatePane();
  const outliner = useTextOutliner(itemId);
  const setCompleted = useSetItemCompleted(itemId);
  const queryClient = useQueryClient();
  // Workspace settings 'Open boxes in': a new pane after this one, or this same pane (items web).
  const replaceInWorkspace = useReplaceInWorkspace();
  const openBoxesIn = useUser().workspace.settings.openBoxesIn;
  const notifyFailure = useNotifyFailure();
  const createSearchPane = useCreateSearchPane();
  const fileDrop = useFileDrop(contents.data?.items ?? [], useAttachFiles());

  const rows = useMemo(() => (contents.data ? paneRows(contents.data) : []), [contents.data]);
  const box = contents.data?.item ?? initialBox;
  const title = box ? displayTitleIn(t, box) : t('pane.noTitle');
  const canAdd = useAbilities(box).edit;

  const handleOpenBox = (child: Item) => {
    const onError = (error: unknown) => notifyFailure(error, 'boxes.addFailed');
    if (openBoxesIn === 'samePane') {
      replaceInWorkspace.mutate({ pos: paneIndex, itemId: child._id }, { onError });
    } else {
      createPane.mutate({ pos: paneIndex + 1, itemId: child._id }, { onError });
    }
  };

  // The command palette's "New box here" and "New text here".
  usePaneCommands(
    paneId,
    canAdd ? { newBox: () => setCreateBoxOpen(true), newText: outliner.addText } : null,
  );

  const handleOpenSearch = () =>
    createSearchPane.mutate(
      { pos: paneIndex + 1 },
      { onError: (error) => notifyFailure(error, 'error.generic') },
    );

  // The pane unmounts at once (optimistic close): mutate's per-call onError would never run.
  const handleClose = () =>
    closePane.mutateAsync(paneId).catch((error: unknown) => notifyFailure(error, 'boxes.removeFailed'));

  // Rows are memoised by item (a drop re-renders only the rows it changes): their handlers
  // reach the latest render's functions through this ref, so none of them goes stale.
  const rowActions = {
    open: handleOpenBox,
    renameDone: () => setRenamingId(null),
    startEditing: outliner.startEditing,
    commit: outliner.commit,
    cancel: outliner.cancel,
    setCompleted: (item: Item, completed: boolean) => {
      const apply = () =>
        setCompleted.mutate(
          { itemId: item._id, completed, ...(completed ? { occurrence: occurrenceOf(item) } : {}) },
          { onError: (error) => notifyFailure(error, 'boxes.textSaveFailed') },
        );
      if (item.itemType === 'todoBox') void confirmBoxCompletion(queryClient, t, item, completed, apply);
      else apply();
    },
  };
  const latest = useRef(rowActions);
  latest.current = rowActions;
  const renderItem = useCallback(
    (item: Item, editing: boolean) =>
      item.itemType === 'todoBox' ? (
        <BoxItemRow
          item={item}
          editing={editing}
          onOpen={() => latest.current.open(item)}
          onRenameDone={() => latest.current.renameDone()}
          onToggleCompleted={(completed) => latest.current.setCompleted(item, completed)}
        />
      ) : (
        <TextItemRow
          item={item}
          editing={editing}
          onStartEdit={() => latest.current.startEditing(item)}
          onCommit={(text, how) => latest.current.commit(item, text, how)}
          onCancel={() => latest.current.cancel()}
          onToggleCompleted={(completed) => latest.current.setCompleted(item, completed)}
        />
      ),
    [],
  );

  const itemShortcuts = useRowKeys({
    boxId: itemId,
    paneIndex,
    items: contents.data?.items ?? [],
    startEditing: outliner.startEditing,
    startRenaming: setRenamingId,
    setCompleted: rowActions.setCompleted,
  });

  let body: ReactNode;
  if (waitsForNetwork(contents)) {
    body = <NotAvailableOffline onRetry={() => void contents.refetch()} />;
  } else if (contents.isPending) {
    body = <PaneLoading label={t('pane.loading')} />;
  } else if (!contents.data) {
    body = <PaneLoadFailed message={t('boxes.itemsLoadFailed')} onRetry={() => void contents.refetch()} />;
  } else {
    const { items } = contents.data;
    const { draftKey, queued, anchorId } = outliner;
    const editingItemId = outliner.editingItemId ?? renamingId;
    // New lines (queued, then the one being typed) sit right after their anchor, else at the end.
    const newLines =
      queued.length > 0 || draftKey !== null ? (
        <>
          {queued.map((line) => (
            <QueuedTextRow key={line.key} text={line.text} />
          ))}
          {draftKey !== null && (
            <DraftTextRow key={draftKey} onCommit={outliner.commitDraft} onCancel={outliner.cancelDraft} />
          )}
        </>
      ) : null;
    const linesAtEnd = anchorId === undefined || !items.some((item) => item._id === anchorId);
    // Drag and drop, and only the rows in sight rendered: see PaneItemList.
    body = (
      <PaneItemList
        paneId={paneId}
        className={classes.body}
        label={t('pane.items', { title })}
        rows={rows}
        loading={!contents.complete}
        dropDisabled={!canAdd}
        isDragDisabled={(item) => !item.abilities.move || editingItemId === item._id}
        keepItemId={editingItemId}
        newLines={newLines}
        newLinesAfterId={linesAtEnd ? null : (anchorId ?? null)}
        renderItem={renderItem}
        itemShortcuts={itemShortcuts}
        empty={
          <EmptyState
            py="xl"
            size="sm"
            icon={<IconBoxOff size={24} stroke={1.6} />}
            withIndicatorBackground
            title={t('pane.empty')}
            description={canAdd ? t('pane.emptyDetail') : undefined}
          >
            {canAdd && (
              // The pane's stop for the keyboard while it holds no rows: the arrows reach it, Enter starts a text.
              <Button
                variant="light"
                size="xs"
                leftSection={<IconAlignLeft size={16} stroke={1.7} />}
                onClick={outliner.addText}
                {...{ [EMPTY_LIST_STOP]: '' }}
              >
                {t('pane.addText')}
              </Button>
            )}
          </EmptyState>
        }
      />
    );
  }

  return (
    // A group, not a landmark: two panes may show the same box, and landmarks need unique names.
    <Paper
      component="section"
      role="group"
      aria-labelledby={headingId}
      className={classes.pane}
      withBorder
      radius="md"
      shadow="xs"
      data-pane-id={paneId}
      {...fileDrop}
    >
      <header className={classes.header}>
        {box ? (
          <BoxTitle box={box} title={title} headingId={headingId} />
        ) : (
          <Title order={2} fz="md" className={classes.heading} id={headingId}>
            {t('common.loading')}
          </Title>
        )}
        <Group gap={2} wrap="nowrap">
          {canAdd && (
            <Menu
              position="bottom-end"
              shadow="md"
              width={220}
              // The chooser's Text puts the caret in a new line: the menu must not take focus back.
              returnFocus={false}
              // The menu's first choice takes the focus: no focus placeholder, which a menu may not hold.
              withInitialFocusPlaceholder={false}
              // Inside the pane (so inside the page's landmarks), yet fixed so the pane never clips it.
              withinPortal={false}
              floatingStrategy="fixed"
            >
              <Menu.Target>
                <Tooltip label={t('pane.insertItem')}>
                  <ActionIcon
                    ref={insertButton}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('pane.insertItem')}
                  >
                    <IconPlus size={20} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('chooser.title')}</Menu.Label>
                <Menu.Item
                  leftSection={<IconBox size={16} stroke={1.7} />}
                  onClick={() => setCreateBoxOpen(true)}
                >
                  {t('chooser.box')}
                </Menu.Item>
                <Menu.Item leftSection={<IconAlignLeft size={16} stroke={1.7} />} onClick={outliner.addText}>
                  {t('chooser.text')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          <PaneAction label={t('pane.search')} onClick={handleOpenSearch}>
            <IconSearch size={19} stroke={1.7} />
          </PaneAction>
          {box && (
            <PaneAction label={t('pane.settings')} onClick={() => setSettingsOpen(true)}>
              <IconSettings size={19} stroke={1.7} />
            </PaneAction>
          )}
          <PaneAction label={t('pane.close')} onClick={handleClose}>
            <IconX size={19} stroke={1.7} />
          </PaneAction>
        </Group>
      </header>
      {contents.isSuccess ? body : <div className={classes.body}>{body}</div>}
      {canAdd && (
        <CreateBoxModal
          opened={createBoxOpen}
          onClose={() => setCreateBoxOpen(false)}
          onCreated={(created) => {
            createdBox.current = created._id;
          }}
          onClosed={() => {
            const created = createdBox.current;
            createdBox.current = null;
            const active = document.activeElement;
            if (active && active !== document.body) return;
            // The new box's row is selected (and takes the focus once drawn); else back to the button.
            if (created) selectItem({ itemId: created, scope: paneId });
            else insertButton.current?.focus();
          }}
          parentItemId={itemId}
        />
      )}
      {box && settingsLoaded && (
        <LoadBoundary retry={BoxSettingsModal.retry}>
          <Suspense fallback={null}>
            <BoxSettingsModal
              opened={settingsOpen}
              onClose={() => setSettingsOpen(false)}
              box={box}
              title={title}
              renderShare={renderShare}
            />
          </Suspense>
        </LoadBoundary>
      )}
    </Paper>
  );
}
