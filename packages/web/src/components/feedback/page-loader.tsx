import { Center, Loader, Stack, Title } from '@mantine/core';
import { NestboxMark } from '../brand/logo';
import classes from './page-loader.module.css';

/**
 * A calm whole-page wait: the mark and a quiet line, announced to screen readers. It is the
 * page while it shows, so it is the main landmark and its line the page's heading.
 */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center component="main" mih="100dvh" bg="var(--nestbox-page-bg)">
      <Stack className={classes.loader} align="center" gap="md" role="status" aria-live="polite">
        <NestboxMark size={40} />
        <Loader type="dots" size="md" aria-hidden="true" />
        <Title order={1} c="dimmed" fz="sm" fw={400}>
          {label}
        </Title>
      </Stack>
    </Center>
  );
}
