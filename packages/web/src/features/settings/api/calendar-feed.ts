import {
  type CalendarFeedCreated,
  CalendarFeedCreatedSchema,
  CalendarFeedDeletedSchema,
  type CalendarFeedStatus,
  CalendarFeedStatusSchema,
} from '@nestbox/shared/calendar/calendar.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const calendarFeedKey = ['calendar-feed'] as const;

/** `GET /api/calendar/feed`: whether the caller has a feed, and since when. */
export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) =>
      apiRequest<CalendarFeedStatus>('/api/calendar/feed', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? CalendarFeedStatusSchema : undefined,
      }),
  });
}

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** `POST /api/calendar/feed`: a new address (the old one stops working); the state follows. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CalendarFeedCreated>('/api/calendar/feed', {
        method: 'POST',
        schema: import.meta.env.DEV ? CalendarFeedCreatedSchema : undefined,
      }),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { active: true, createdAt: Date.now() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}

/** `DELETE /api/calendar/feed`: the address stops working. */
export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ ok: true }>('/api/calendar/feed', {
        method: 'DELETE',
        schema: import.meta.env.DEV ? CalendarFeedDeletedSchema : undefined,
      }),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { active: false, createdAt: null }),
  });
}
