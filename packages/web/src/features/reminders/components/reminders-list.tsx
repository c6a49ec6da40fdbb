import {
  Alert,
  Box,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import type { ReminderEvent } from '@nestbox/shared/reminders/reminder.schema';
import { IconAt, IconBell, IconBellRinging } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { useUser } from '../../../lib/api/get-user';
import { currentLocale } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import {
  markEventsRead,
  REMINDER_EVENTS_KEY,
  reminderEventsQueryOptions,
  UNREAD_COUNT_KEY,
  useDismissFutureEvents,
} from '../api/reminder-events';
import { REMINDERS_BUTTON } from './reminders-button';

/** The next page loads once the list is scrolled this far (SPEC §9). */
const LOAD_MORE_AT = 0.7;
/** SPEC §2: the event date as weekday day month year, then the time it fired. */
const EVENT_DATE_PATTERN = 'EEEE d MMMM yyyy';
const EVENT_TIME_PATTERN = 'HH:mm';

/** Opens an item's settings at the section an event is about. */
type OpenItem = (itemId: string, section: 'reminders' | 'comments') => void;

interface RemindersModalProps {
  opened: boolean;
  onClose: () => void;
  /** A row's title was clicked: open that item's settings at its reminders, or a mention's comments. */
  onOpenItem: OpenItem;
}

/**
 * The Reminders modal (SPEC §2, §4): opening fetches the events; closing marks every loaded
 * event read, sets the badge to 0 and resets the list.
 */
export function RemindersModal({ opened, onClose, onOpenItem }: RemindersModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const close = useCallback(() => {
    const loaded = queryClient.getQueryData(reminderEventsQueryOptions().queryKey);
    const unreadIds = (loaded?.pages ?? []).flatMap((page) =>
      page.events.filter((e) => e.unread).map((e) => e._id),
    );
    queryClient.setQueryData(UNREAD_COUNT_KEY, { count: 0 });
    queryClient.removeQueries({ queryKey: REMINDER_EVENTS_KEY });
    if (unreadIds.length > 0)
      markEventsRead(unreadIds)
        .then((answer) => queryClient.setQueryData(UNREAD_COUNT_KEY, answer))
        .catch(() => queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }));
    onClose();
  }, [queryClient, onClose]);

  return (
    <Modal
      opened={opened}
      onClose={close}
      // Opened from the command palette, the modal has no element to give the focus back to: the
      // header's Reminders button takes it rather than the page.
      onExitTransitionEnd={() => {
        const active = document.activeElement;
        if (active && active !== document.body) return;
        document.querySelector<HTMLElement>(`[${REMINDERS_BUTTON}] button`)?.focus();
      }}
      title={t('reminders.title')}
      size="md"
    >
      <RemindersList
        onOpenItem={(itemId, section) => {
          close();
          onOpenItem(itemId, section);
        }}
      />
    </Modal>
  );
}

/** The modal's body: past events newest first, the next page at 70 % of the scroll. */
export function RemindersList({ onOpenItem }: { onOpenItem: OpenItem }) {
  const { t } = useTranslation();
  const events = useInfiniteQuery(reminderEventsQueryOptions());
  const scroller = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;

  const loadMoreIfNeeded = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const seen = (element.scrollTop + element.clientHeight) / Math.max(1, element.scrollHeight);
    if (seen >= LOAD_MORE_AT) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page too short to scroll still leads to the next one.
  useEffect(() => {
    loadMoreIfNeeded();
  }, [loadMoreIfNeeded]);

  if (waitsForNetwork(events)) return <NotAvailableOffline onRetry={() => void events.refetch()} />;
  if (events.isPending)
    return (
      <Center mih={160}>
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  if (!events.data)
    return (
      <Alert color="red" variant="light" title={t('reminders.loadFailed')}>
        <Button variant="subtle" size="xs" onClick={() => void events.refetch()}>
          {t('reminders.retry')}
        </Button>
      </Alert>
    );
  const rows = events.data.pages.flatMap((page) => page.events);
  if (rows.length === 0)
    return (
      <EmptyState
        py="xl"
        icon={<IconBell size={28} stroke={1.6} />}
        withIndicatorBackground
        title={t('reminders.empty')}
        description={t('reminders.emptyDetail')}
      />
    );
  return (
    <Box
      ref={scroller}
      onScroll={loadMoreIfNeeded}
      mah="min(60vh, 560px)"
      style={{ overflowY: 'auto' }}
      data-testid="reminders-scroll"
    >
      <Stack
        gap={0}
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label={t('reminders.title')}
      >
        {rows.map((event) => (
          <EventRow key={event._id} event={event} onOpenItem={onOpenItem} />
        ))}
      </Stack>
      {isFetchingNextPage && (
        <Center py="sm">
          <Loader size="sm" role="status" aria-label={t('reminders.loadingMore')} />
        </Center>
      )}
    </Box>
  );
}

function EventRow({ event, onOpenItem }: { event: ReminderEvent; onOpenItem: OpenItem }) {
  const { t } = useTranslation();
  const user = useUser();
  const dismiss = useDismissFutureEvents();
  const title = event.title.trim() || t('reminders.untitled');
  const { reminderId } = event;
  return (
    <Box
      component="li"
      py="sm"
      px="xs"
      data-testid="reminder-event"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <Box w={20} pt={2} c="var(--nestbox-accent-strong)" style={{ flexShrink: 0 }}>
            {event.unread && (
              <Tooltip label={t('reminders.unread')}>
                {event.mention ? (
                  <IconAt size={18} stroke={1.8} aria-label={t('reminders.unread')} role="img" />
                ) : (
                  <IconBellRinging size={18} stroke={1.8} aria-label={t('reminders.unread')} role="img" />
                )}
              </Tooltip>
            )}
          </Box>
          <Stack gap={2} style={{ minWidth: 0 }}>
            {event.accessible ? (
              <UnstyledButton
                onClick={() => onOpenItem(event.itemId, event.mention ? 'comments' : 'reminders')}
                aria-label={t('reminders.openItem', { title })}
                fw={event.unread ? 600 : 500}
                style={{ overflowWrap: 'anywhere' }}
              >
                {title}
              </UnstyledButton>
            ) : (
              // The item is no longer shared with this user: the server sent no title, only that.
              <Text c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Text>
            )}
            {event.mention && (
              <>
                <Text size="sm">{event.reminderInfo}</Text>
                {event.mention.excerpt && (
                  <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    “{event.mention.excerpt}”
                  </Text>
                )}
              </>
            )}
            <Text size="sm" c="dimmed">
              {t('reminders.eventAt', {
                date: formatDate(event.reminderEventDate, user.timezone, currentLocale(), EVENT_DATE_PATTERN),
                time: formatDate(event.reminderEventDate, user.timezone, currentLocale(), EVENT_TIME_PATTERN),
              })}
            </Text>
            {event.repeat && (
              <Text size="xs" c="dimmed">
                {event.reminderInfo}
              </Text>
            )}
          </Stack>
        </Group>
        {reminderId && event.repeat && !event.reminderArchived && (
          <Button
            size="compact-sm"
            variant="light"
            loading={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(reminderId, {
                onError: () => notify({ type: 'error', message: t('reminders.dismissFailed') }),
              })
            }
            style={{ flexShrink: 0 }}
          >
            {t('reminders.dismissAll')}
          </Button>
        )}
      </Group>
    </Box>
  );
}
