import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { ReminderRule } from '@nestbox/shared/reminders/fire-time';
import type { Reminder } from '@nestbox/shared/reminders/reminder.schema';
import { ReminderCreatedSchema, ReminderSchema } from '@nestbox/shared/reminders/reminder.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { undoableRequest, useOfferUndo } from '../../../lib/undo';

export const itemRemindersKey = (itemId: string) => ['reminders', 'item', itemId] as const;

/** `GET /api/reminders/get-item-reminders`: the caller's reminders (the linked one hidden). */
export function useItemReminders(itemId: string) {
  return useQuery({
    queryKey: itemRemindersKey(itemId),
    queryFn: ({ signal }) =>
      apiRequest<Reminder[]>('/api/reminders/get-item-reminders', {
        method: 'GET',
        query: { itemId },
        signal,
        schema: import.meta.env.DEV ? ReminderSchema.array() : undefined,
      }),
    throwOnError: false,
  });
}

const ruleQuery = (rule: ReminderRule) => ({
  numberOf: rule.numberOf,
  unit: rule.unit,
  beforeAfterOn: rule.beforeAfterOn,
  repeat: rule.repeat,
});

/** `POST /api/reminders/create-item-reminder` (query string, API.md). */
export function useCreateReminder(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: ReminderRule) =>
      apiRequest<{ data: string }>('/api/reminders/create-item-reminder', {
        method: 'POST',
        query: { itemId, ...ruleQuery(rule) },
        schema: import.meta.env.DEV ? ReminderCreatedSchema : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemRemindersKey(itemId) }),
  });
}

/** `PUT /api/reminders/update-item-reminder` (query string, API.md). */
export function useUpdateReminder(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reminderId, rule }: { reminderId: string; rule: ReminderRule }) =>
      apiRequest<{ ok: boolean }>('/api/reminders/update-item-reminder', {
        method: 'PUT',
        query: { reminderId, ...ruleQuery(rule) },
        schema: import.meta.env.DEV ? OkResponseSchema : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemRemindersKey(itemId) }),
  });
}

/**
 * `DELETE /api/reminders/remove-item-reminder`; offers Undo ('Reminder removed.'), which gives
 * the reminder back with its rule and its fired events.
 */
export function useRemoveReminder(itemId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  return useMutation({
    mutationFn: (reminderId: string) =>
      undoableRequest<{ ok: boolean }>('/api/reminders/remove-item-reminder', {
        method: 'DELETE',
        query: { reminderId },
        schema: import.meta.env.DEV ? OkResponseSchema : undefined,
      }),
    onSuccess: ({ undoId }) => offerUndo(undoId, t('undo.reminderRemoved')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemRemindersKey(itemId) }),
  });
}
