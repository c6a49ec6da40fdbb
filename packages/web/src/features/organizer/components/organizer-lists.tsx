import type { Active } from '@dnd-kit/core';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { UNPRIORITIZED_DROPPABLE_ID } from '@nestbox/shared/constants';
import type { OrganizerItem } from '@nestbox/shared/organizer/organizer.schema';
import { tagsOf } from '@nestbox/shared/tags/tags';
import { IconAlertTriangle, IconHash, IconListDetails } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarDates } from '../../../components/dates/calendar-dates';
import { useDragAnnouncements } from '../../../components/dnd/drag-announcements';
import { PointerDnd } from '../../../components/dnd/pointer-dnd';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { PageLoadFailed, PageLoading } from '../../../components/feedback/page-states';
import { useNow } from '../../../hooks/use-now';
import { useArrowKeysEnterRows } from '../../../hooks/use-row-selection';
import { useUser } from '../../../lib/api/get-user';
import { useTags } from '../../../lib/api/tags';
import { useOrganizer } from '../api/get-organizer';
import { useSavePrioritizedWidth, useSaveUnprioritizedOrder } from '../api/save-organizer-preferences';
import { useDiveDown } from '../hooks/use-dive-down';
import { useOrganizerActions } from '../hooks/use-organizer-actions';
import { type ItemKeyCommands, useOrganizerKeys } from '../hooks/use-organizer-keys';
import { prioritizedRows, unprioritizedRows } from '../organizer-rows';
import classes from './organizer-lists.module.css';
import { PRIORITIZED_DROPPABLE_ID, PrioritizedHeader, PrioritizedList } from './prioritized-list';
import { SplitHandle } from './split-handle';
import { UnprioritizedHeader, UnprioritizedList } from './unprioritized-list';
import type { OrganizerDragSource } from './virtual-droppable';

function OrganizerRegion({
  id,
  title,
  header,
  children,
}: {
  id: string;
  title: string;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder shadow="xs" className={classes.region}>
      <Title order={2} id={id} fz="lg" className={classes.regionTitle}>
        {title}
      </Title>
      {header}
      {children}
    </Paper>
  );
}

/**
 * The Organizer (SPEC §2): the Prioritized and Unprioritized lists, side by side or stacked.
 * `commands` are what keys do to an item wherever it shows (the app hands them over).
 */
export function OrganizerLists({ commands }: { commands: ItemKeyCommands }) {
  const { t } = useTranslation();
  const user = useUser();
  const organizer = useOrganizer();
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const allItems = organizer.data?.organizerItems;
  // Only the items that carry every tag chosen (the shared rule reads them from the titles).
  const items = useMemo(() => {
    if (!allItems || tagFilter.length === 0) return allItems;
    return allItems.filter((item) => {
      const tags = new Set(tagsOf(item.title));
      return tagFilter.every((tag) => tags.has(tag));
    });
  }, [allItems, tagFilter]);

  let body: ReactNode;
  if (waitsForNetwork(organizer)) {
    body = <NotAvailableOffline onRetry={() => void organizer.refetch()} />;
  } else if (organizer.isPending) {
    body = <PageLoading label={t('organiser.loading')} />;
  } else if (!organizer.data) {
    body = (
      <PageLoadFailed
        title={t('organiser.loadFailed')}
        retryLabel={t('organiser.retry')}
        onRetry={() => void organizer.refetch()}
      />
    );
  } else {
    body = (
      <>
        {organizer.isFetchNextPageError ? (
          // The first screen is here but a later page failed: keep what is shown, offer the rest again.
          <Alert color="red" icon={<IconAlertTriangle />} title={t('organiser.loadMoreFailed')}>
            <Button mt="sm" variant="light" color="red" onClick={() => void organizer.fetchNextPage()}>
              {t('organiser.retry')}
            </Button>
          </Alert>
        ) : null}
        {items && items.length === 0 && tagFilter.length > 0 ? (
          <Text c="dimmed" fz="sm" role="status">
            {t('organizer.tags.empty')}
          </Text>
        ) : null}
        <OrganizerBoard items={items ?? []} timeZone={user.timezone} commands={commands} />
      </>
    );
  }
  const loadingMore = organizer.data?.complete === false && !organizer.isFetchNextPageError;

  return (
    <CalendarDates>
      <Stack gap="sm" className={classes.page}>
        <div>
          <Group gap="xs">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {t('organiser.title')}
            </Title>
            {loadingMore ? (
              <Loader size="xs" type="dots" role="status" aria-label={t('organiser.loadingMore')} />
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed" className={classes.hint} visibleFrom="sm">
            {t('organiser.hint')}
          </Text>
          <TagFilter value={tagFilter} onChange={setTagFilter} />
        </div>
        {body}
      </Stack>
    </CalendarDates>
  );
}

/** The Organizer's filter: one or more of the person's tags; an item shows when it carries every one. */
function TagFilter({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const tags = useTags();
  const names = (tags.data?.tags ?? []).map((tag) => tag.name);
  // A tag chosen stays in the list even once no text carries it, so it can be taken off.
  const data = [...new Set([...value, ...names])].map((name) => ({ value: name, label: `#${name}` }));
  return (
    <MultiSelect
      className={classes.tagFilter}
      label={t('organizer.tags.filter')}
      placeholder={value.length === 0 ? t('organizer.tags.placeholder') : undefined}
      nothingFoundMessage={t('organizer.tags.none')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      size="xs"
      mt="xs"
      leftSection={<IconHash size={14} stroke={1.8} aria-hidden />}
      data-tag-filter
    />
  );
}

/** The selection's scope in the Organizer: both lists share it, as they share one keyboard. */
const ORGANIZER_SCOPE = 'organizer';

function OrganizerBoard({
  items,
  timeZone,
  commands,
}: {
  items: OrganizerItem[];
  timeZone: string;
  commands: ItemKeyCommands;
}) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const now = useNow();
  const locale = i18n.language;
  const { prioritizedSplitPercentage, unprioritizedListOrderBy, unprioritizedListOrderByDir } =
    user.organizer;
  const rows = useMemo(() => prioritizedRows(items, now, timeZone), [items, now, timeZone]);
  const waiting = useMemo(
    () => unprioritizedRows(items, unprioritizedListOrderBy, unprioritizedListOrderByDir),
    [items, unprioritizedListOrderBy, unprioritizedListOrderByDir],
  );
  const { reindexing, handleDrop, togglePin, setTargetDate, moveBy, pinToToday, prioritise } =
    useOrganizerActions({
      items,
      rows,
      now,
      timeZone,
    });
  const diveDown = useDiveDown();
  const handleDiveDown = useCallback((item: OrganizerItem) => void diveDown(item), [diveDown]);
  const itemShortcuts = useOrganizerKeys({
    items,
    commands,
    onOpen: handleDiveDown,
    moveBy,
    pinToToday,
    prioritise,
  });
  const saveWidth = useSavePrioritizedWidth();
  const saveOrder = useSaveUnprioritizedOrder();
  const [resizing, setResizing] = useState<number | null>(null);
  const split = resizing ?? prioritizedSplitPercentage;
  const listsRef = useRef<HTMLDivElement | null>(null);
  const hasPrioritized = rows.some((row) => row.kind === 'item');

  // One keyboard selection over both lists: ← and → go from one to the other; an item that
  // moves between them (pinned to Today) stays selected.
  useArrowKeysEnterRows(() => listsRef.current);
  const listElement = (listId: string) =>
    listsRef.current?.querySelector(`[data-list-id="${CSS.escape(listId)}"]`) ?? null;
  const waitingIds = useMemo(() => new Set(waiting.map((item) => item._id)), [waiting]);
  const rankedIds = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const prioritizedSelection = {
    scope: ORGANIZER_SCOPE,
    neighbour: (side: 'left' | 'right') =>
      side === 'right' ? listElement(UNPRIORITIZED_DROPPABLE_ID) : null,
    shownElsewhere: (itemId: string) => waitingIds.has(itemId),
    itemShortcuts,
  };
  const unprioritizedSelection = {
    scope: ORGANIZER_SCOPE,
    neighbour: (side: 'left' | 'right') => (side === 'left' ? listElement(PRIORITIZED_DROPPABLE_ID) : null),
    shownElsewhere: (itemId: string) => rankedIds.has(itemId),
    itemShortcuts,
  };

  const announce = useDragAnnouncements();

  const style = {
    '--prioritized-share': `${split}fr`,
    '--unprioritized-share': `${100 - split}fr`,
  } as CSSProperties;

  return (
    <PointerDnd
      onDrop={handleDrop}
      renderOverlay={renderOverlay}
      announce={announce}
      instructions={t('dnd.instructions')}
    >
      <div className={classes.lists} style={style} ref={listsRef}>
        <OrganizerRegion
          id="organiser-prioritized"
          title={t('organiser.prioritized')}
          header={
            <>
              {hasPrioritized ? null : (
                <Text fz="sm" c="dimmed" className={classes.emptyLine}>
                  <strong>{t('organiser.prioritized.empty')}</strong> {t('organiser.prioritized.emptyDetail')}
                </Text>
              )}
              <PrioritizedHeader reindexing={reindexing} />
            </>
          }
        >
          <PrioritizedList
            rows={rows}
            now={now}
            timeZone={timeZone}
            locale={locale}
            onTogglePin={togglePin}
            onTargetDate={setTargetDate}
            onDiveDown={handleDiveDown}
            selection={prioritizedSelection}
          />
        </OrganizerRegion>
        <SplitHandle
          percentage={split}
          containerRef={listsRef}
          onResize={setResizing}
          onResizeEnd={(percentage) => {
            setResizing(null);
            saveWidth.mutate(percentage);
          }}
        />
        <OrganizerRegion
          id="organiser-unprioritized"
          title={t('organiser.unprioritized')}
          header={
            <UnprioritizedHeader
              column={unprioritizedListOrderBy}
              dir={unprioritizedListOrderByDir}
              onOrder={(order) => saveOrder.mutate(order)}
            />
          }
        >
          <UnprioritizedList
            items={waiting}
            now={now}
            timeZone={timeZone}
            locale={locale}
            onDiveDown={handleDiveDown}
            selection={unprioritizedSelection}
            overlay={
              waiting.length === 0 ? (
                <EmptyState
                  py="xl"
                  icon={<IconListDetails size={28} stroke={1.6} />}
                  withIndicatorBackground
                  title={t('organiser.unprioritized.empty')}
                  description={t('organiser.unprioritized.emptyDetail')}
                />
              ) : null
            }
          />
        </OrganizerRegion>
      </div>
    </PointerDnd>
  );
}

/** The dragged copy of a row: the row as its list draws it, lifted (and hidden from assistive technology). */
function renderOverlay(active: Active) {
  const source = active.data.current as OrganizerDragSource | undefined;
  return source ? (
    <div aria-hidden inert className={classes.dragged}>
      {source.render()}
    </div>
  ) : null;
}
