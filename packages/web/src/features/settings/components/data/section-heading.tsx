import { Avatar, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A Data tab section's heading: its icon, then its title (which names the section). */
export function SectionHeading({ id, icon, children }: { id: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar color="nest" radius="md" aria-hidden>
        {icon}
      </Avatar>
      <Title order={3} fz="md" id={id}>
        {children}
      </Title>
    </Group>
  );
}
