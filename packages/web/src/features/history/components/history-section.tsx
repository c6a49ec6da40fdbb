import { Button, Group, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { LoadedList } from '../../../components/layout/loaded-list';
import { useHistory } from '../api/get-history';
import { HistoryEntry } from './history-entry';

/**
 * Item settings' History: the item's shared changes (created, renamed, moved, completed,
 * reopened, dated, shared, commented), who made them and when, newest first, a page at a time.
 * Everyone who sees the item reads it; nobody's own priorities, stars or reminders are in it.
 * It follows others' changes live (app/layout/use-live-updates); it is not kept for offline
 * use, so offline it says so rather than load for ever.
 */
export function HistorySection({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const history = useHistory(itemId);
  const titleId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="md" id={titleId}>
        {t('history.title')}
      </Title>
      {waitsForNetwork(history) ? (
        <NotAvailableOffline onRetry={() => void history.refetch()} />
      ) : (
        <LoadedList
          query={history}
          items={history.data?.pages.flatMap((page) => page.events)}
          label={t('history.list')}
          loadFailed={t('history.loadFailed')}
          empty={t('history.empty')}
          rowShape="line"
        >
          {(event) => <HistoryEntry key={event.id} event={event} />}
        </LoadedList>
      )}
      {history.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            {t('history.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
