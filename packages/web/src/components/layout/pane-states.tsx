import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A pane's body while its contents load. */
export function PaneLoading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" role="status" aria-label={label} />
    </Center>
  );
}

/** A pane's body when its contents could not be loaded: what failed, and a retry. */
export function PaneLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="xl" px="md">
      <Text c="dimmed" ta="center" fz="sm">
        {message}
      </Text>
      <Button variant="light" size="xs" onClick={onRetry}>
        {t('pane.retry')}
      </Button>
    </Stack>
  );
}
