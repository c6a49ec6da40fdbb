import { Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/api/get-user';
import { useCompletions } from '../api/recurrence';

/** 'Completed on …' for each completed occurrence, newest first; nothing before the first. */
export function CompletionHistory({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const completions = useCompletions(itemId);
  const list = completions.data?.completions ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap={4} data-completion-history>
      <Title order={4} fz="sm">
        {t('itemSettings.repeat.history')}
      </Title>
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {list.map((completion) => {
          const date = formatDate(
            completion.completedAt,
            user.timezone,
            user.locale,
            'EEEE d MMMM yyyy, HH:mm',
          );
          return (
            <Text
              component="li"
              fz="sm"
              c="dimmed"
              key={`${completion.completedAt}-${completion.occurrence}`}
            >
              {completion.by
                ? t('itemSettings.repeat.completedOnBy', { date, name: completion.by })
                : t('itemSettings.repeat.completedOn', { date })}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
}
