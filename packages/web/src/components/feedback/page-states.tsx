import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A page's body while what it shows loads: a spinner and what it waits for. */
export function PageLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A page's body when what it shows could not be loaded: what failed, and a retry. */
export function PageLoadFailed({
  title,
  retryLabel,
  onRetry,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={title}>
      <Button mt="sm" variant="light" color="red" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  );
}
