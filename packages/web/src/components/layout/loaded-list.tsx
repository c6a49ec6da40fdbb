import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SKELETONS = ['first', 'second', 'third'];
/** The height a skeleton takes: a card-like row's, or one line of small text's. */
const HEIGHTS = { row: 52, line: 20 } as const;

/** What the list reads of its query (a plain or a paged one). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A list a section loads (in Settings, in Item settings), in its four states: skeleton rows (a
 * status for screen readers) while it loads, the failure with Retry, a sentence when there is
 * nothing, and the items as a list named `label`, each rendered by `children` as its own `<li>`.
 * A paged list passes the items of its pages so far; a page that failed after them shows its
 * failure below.
 */
export function LoadedList<T>({
  query,
  items,
  label,
  loadFailed,
  empty,
  skeletons = 1,
  rowShape = 'row',
  children,
}: {
  query: ListQuery;
  /** Undefined until loaded. */
  items: readonly T[] | undefined;
  label: string;
  loadFailed: string;
  empty: string;
  /**
   * How many rows (up to three) stand in while it loads; none stands a line in for the sentence
   * saying there is nothing, where that is what usually comes. The section then keeps its
   * height once loaded, and what is below it stays where it was.
   */
  skeletons?: 0 | 1 | 2 | 3;
  /** What a row is: a card-like row, or one line of small text. */
  rowShape?: 'row' | 'line';
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  // Nothing expected: one line, where the sentence saying so will be.
  const shape = skeletons === 0 ? 'line' : rowShape;
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-label={t('common.loading')}>
        {SKELETONS.slice(0, Math.max(skeletons, 1)).map((key) => (
          <Skeleton key={key} height={HEIGHTS[shape]} radius={shape === 'line' ? 'sm' : 'md'} />
        ))}
      </Stack>
    );
  const failure = query.isError && (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{loadFailed}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          {t('settings.activity.retry')}
        </Button>
      </Group>
    </Alert>
  );
  if (!items?.length)
    return (
      failure || (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )
    );
  // A later page that failed says so below what loaded.
  return (
    <>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {items.map(children)}
      </Stack>
      {failure}
    </>
  );
}
