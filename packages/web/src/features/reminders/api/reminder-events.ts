import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { ReminderEventsPage } from '@nestbox/shared/reminders/reminder.schema';
import { ReminderEventsPageSchema, UnreadCountSchema } from '@nestbox/shared/reminders/reminder.schema';
import { infiniteQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Key of the unread count the header badge shows; the socket writes into it. */
export const UNREAD_COUNT_KEY = ['reminders', 'unread-count'] as const;
/** Key of the Reminders modal's pages of events. */
export const REMINDER_EVENTS_KEY = ['reminders', 'events'] as const;

/** `GET /api/reminders/unread-count`. */
export function getUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<{ count: number }>('/api/reminders/unread-count', {
    method: 'GET',
    signal,
    schema: import.meta.env.DEV ? UnreadCountSchema : undefined,
  });
}

/**
 * The badge's count: read once on load (and again after every socket reconnect, which
 * refetches everything), then kept live by `reminders:unread-count`.
 */
export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    throwOnError: false,
  });
}

/** `POST /api/reminders/get-reminder-events`: one page, newest first, after `last`. */
export function getReminderEvents(
  last: { date: number; id: string } | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiRequest<ReminderEventsPage>('/api/reminders/get-reminder-events', {
    method: 'POST',
    body: {
      beginDate: null,
      lastReminderEventDateInList: last?.date ?? null,
      lastReminderEventIdInList: last?.id ?? null,
      unreadOnly: false,
    },
    signal,
    schema: import.meta.env.DEV ? ReminderEventsPageSchema : undefined,
  });
}

export function reminderEventsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: REMINDER_EVENTS_KEY,
    queryFn: ({ pageParam, signal }) => getReminderEvents(pageParam, { signal }),
    initialPageParam: null as { date: number; id: string } | null,
    getNextPageParam: (page) => {
      const last = page.events.at(-1);
      return page.hasMore && last ? { date: last.reminderEventDate, id: last._id } : undefined;
    },
    staleTime: 0,
    throwOnError: false,
  });
}

/** `PUT /api/reminders/mark-events-read`: answers the new unread count. */
export function markEventsRead(remindersEventIds: string[]) {
  return apiRequest<{ count: number }>('/api/reminders/mark-events-read', {
    method: 'PUT',
    body: { remindersEventIds },
    schema: import.meta.env.DEV ? UnreadCountSchema : undefined,
  });
}

/** `PUT /api/reminders/dismiss-future-events` ('Dismiss All'), then the list reloads. */
export function useDismissFutureEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminderId: string) =>
      apiRequest<{ ok: boolean }>('/api/reminders/dismiss-future-events', {
        method: 'PUT',
        body: { reminderId },
        schema: import.meta.env.DEV ? OkResponseSchema : undefined,
      }),
    onSuccess: () => queryClient.resetQueries({ queryKey: REMINDER_EVENTS_KEY }),
  });
}
