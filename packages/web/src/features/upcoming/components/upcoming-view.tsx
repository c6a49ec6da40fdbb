import type { Active } from '@dnd-kit/core';
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import type { UpcomingItem } from '@nestbox/shared/upcoming/upcoming.schema';
import { IconAlertTriangle, IconCalendarPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDragAnnouncements } from '../../../components/dnd/drag-announcements';
import { type DropEvent, PointerDnd, useDropList } from '../../../components/dnd/pointer-dnd';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { PageLoadFailed, PageLoading } from '../../../components/feedback/page-states';
import { useArrowKeysEnterRows, useRowSelection } from '../../../hooks/use-row-selection';
import { useUser } from '../../../lib/api/get-user';
import { useUpcoming } from '../api/get-upcoming';
import { sectionTitle } from '../format-upcoming';
import { type UpcomingCommands, useUpcomingActions } from '../hooks/use-upcoming-actions';
import { type UpcomingSection, upcomingSections } from '../upcoming-groups';
import classes from './upcoming.module.css';
import { type UpcomingDragSource, UpcomingRow } from './upcoming-row';

/** A day's section takes drops under this id. */
const DAY_LIST_PREFIX = 'upcoming-day:';
const NO_ROWS = () => [];
const NO_ORIGIN = () => null;

/**
 * Upcoming: every open dated text the person sees, by day. `commands` are the item flows the
 * app hands over (marking a text done).
 */
export function UpcomingView({ commands }: { commands: UpcomingCommands }) {
  const { t } = useTranslation();
  const upcoming = useUpcoming();
  const { data } = upcoming;

  let body: ReactNode;
  if (waitsForNetwork(upcoming)) {
    body = <NotAvailableOffline onRetry={() => void upcoming.refetch()} />;
  } else if (upcoming.isPending) {
    body = <PageLoading label={t('upcoming.loading')} />;
  } else if (!data) {
    body = (
      <PageLoadFailed
        title={t('upcoming.loadFailed')}
        retryLabel={t('upcoming.retry')}
        onRetry={() => void upcoming.refetch()}
      />
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconCalendarPlus size={28} stroke={1.6} />}
        withIndicatorBackground
        title={t('upcoming.empty')}
        description={t('upcoming.emptyDetail')}
        data-upcoming-empty
      />
    );
  } else {
    body = (
      <>
        <UpcomingBoard items={data.items} today={data.today} commands={commands} />
        {upcoming.isFetchNextPageError ? (
          <Alert color="red" icon={<IconAlertTriangle />} title={t('upcoming.loadMoreFailed')} />
        ) : null}
        {upcoming.hasNextPage ? (
          <Center>
            <Button
              variant="default"
              loading={upcoming.isFetchingNextPage}
              onClick={() => void upcoming.fetchNextPage()}
            >
              {t('upcoming.loadMore')}
            </Button>
          </Center>
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="sm" className={classes.page}>
      <div>
        <Group gap="xs">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('upcoming.title')}
          </Title>
          {upcoming.isFetching && !upcoming.isPending ? (
            <Loader size="xs" type="dots" role="status" aria-label={t('upcoming.refreshing')} />
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed" visibleFrom="sm">
          {t('upcoming.hint')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

function UpcomingBoard({
  items,
  today,
  commands,
}: {
  items: UpcomingItem[];
  today: string;
  commands: UpcomingCommands;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const locale = userLocaleOf(user.locale);
  const sections = useMemo(() => upcomingSections(items, today), [items, today]);
  const shownItems = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const { moveToDay, complete, openSettings, itemShortcuts } = useUpcomingActions(commands, today);
  const listRef = useRef<HTMLDivElement | null>(null);
  useArrowKeysEnterRows(() => listRef.current);
  const selection = useRowSelection({
    scope: 'upcoming',
    itemIds: useMemo(() => shownItems.map((item) => item._id), [shownItems]),
    reveal: (itemId) =>
      listRef.current
        ?.querySelector(`[data-upcoming-row="${CSS.escape(itemId)}"]`)
        ?.scrollIntoView({ block: 'nearest' }),
    container: () => listRef.current,
    itemShortcuts: itemShortcuts(shownItems),
  });

  const handleDrop = useCallback(
    ({ target, active }: DropEvent) => {
      if (!target.listId.startsWith(DAY_LIST_PREFIX)) return;
      const item = shownItems.find((candidate) => candidate._id === active.id);
      if (item) moveToDay(item, target.listId.slice(DAY_LIST_PREFIX.length));
    },
    [shownItems, moveToDay],
  );

  const announce = useDragAnnouncements();

  let index = 0;
  return (
    <PointerDnd
      onDrop={handleDrop}
      renderOverlay={renderOverlay}
      announce={announce}
      instructions={t('upcoming.dragInstructions')}
    >
      <Stack gap="md" ref={listRef} data-upcoming-list>
        {sections.map((section) => (
          <UpcomingSectionBlock
            key={section.key}
            section={section}
            t={t}
            timeZone={user.timezone}
            locale={locale}
          >
            {section.items.map((item) => (
              <UpcomingRow
                key={item._id}
                item={item}
                index={index++}
                listId={section.day ? `${DAY_LIST_PREFIX}${section.day}` : section.key}
                today={today}
                timeZone={user.timezone}
                locale={locale}
                selectable={selection.rowProps(item._id)}
                t={t}
                onComplete={(done) => void complete(done)}
                onMove={moveToDay}
                onOpenSettings={openSettings}
              />
            ))}
          </UpcomingSectionBlock>
        ))}
      </Stack>
    </PointerDnd>
  );
}

/** A section: its heading, and a drop area for a day (Overdue and Later take no drops). */
function UpcomingSectionBlock({
  section,
  t,
  timeZone,
  locale,
  children,
}: {
  section: UpcomingSection;
  t: TFunction;
  timeZone: string;
  locale: ReturnType<typeof userLocaleOf>;
  children: ReactNode;
}) {
  const { setNodeRef, gap } = useDropList(
    section.day ? `${DAY_LIST_PREFIX}${section.day}` : section.key,
    { origin: NO_ORIGIN, rows: NO_ROWS },
    section.day === null,
  );
  const { title, date } = sectionTitle(t, section, timeZone, locale);
  const headingId = `upcoming-${section.key}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={classes.section}
      data-upcoming-section={section.group === 'day' ? section.day : section.group}
      data-drop-target={gap !== null || undefined}
    >
      <div className={classes.sectionHeader}>
        <Title
          order={2}
          fz="md"
          id={headingId}
          className={classes.sectionTitle}
          data-overdue={section.group === 'overdue' || undefined}
        >
          {title}
        </Title>
        {date ? (
          <Text fz="sm" c="dimmed" component="span">
            {date}
          </Text>
        ) : null}
      </div>
      {section.items.length === 0 ? (
        <div className={classes.empty}>{t('upcoming.group.empty')}</div>
      ) : (
        children
      )}
    </section>
  );
}

/** The dragged copy of a row: its title, lifted (and hidden from assistive technology). */
function renderOverlay(active: Active) {
  const source = active.data.current as UpcomingDragSource | undefined;
  return source ? (
    <div aria-hidden inert className={classes.dragged}>
      {source.title}
    </div>
  ) : null;
}
