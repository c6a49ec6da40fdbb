import { Stack, Text, Title } from '@mantine/core';

/** Heading of a logged-out card: the page's one h1 and an optional line under it. */
export function AuthHeading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 22, sm: 24 }} lh={1.25}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
