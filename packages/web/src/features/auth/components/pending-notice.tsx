import { Group, Loader, Text } from '@mantine/core';

/** A quiet "working on it" line while a link is being checked. */
export function PendingNotice({ label }: { label: string }) {
  return (
    <Group gap="sm" py="md" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text c="dimmed">{label}</Text>
    </Group>
  );
}
