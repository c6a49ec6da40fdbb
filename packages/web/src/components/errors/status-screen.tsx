import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../brand/logo';

/**
 * A whole-page message: the product name, an icon, a heading, a sentence and actions.
 * Used by the 404, 500 and crash screens; it needs no router, so it also works when the
 * router itself failed.
 */
export function StatusScreen({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md" bg="var(--nestbox-page-bg)">
      <Stack align="center" gap="lg" maw={560} ta="center" component="main">
        <a href="/" style={{ textDecoration: 'none' }}>
          <Logo size={28} />
        </a>
        <ThemeIcon size={64} radius="xl" variant="light" color="nest">
          {icon}
        </ThemeIcon>
        <Stack gap="xs" align="center">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed" fz="lg">
            {children}
          </Text>
        </Stack>
        {actions}
      </Stack>
    </Center>
  );
}
