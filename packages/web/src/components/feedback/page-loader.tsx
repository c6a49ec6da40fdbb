import { Center, Loader, Stack, Text } from '@mantine/core';
import { NestboxMark } from '../brand/logo';
import classes from './page-loader.module.css';

/** A calm whole-page wait: the mark and a quiet line, announced to screen readers. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center mih="100dvh" bg="var(--nestbox-page-bg)">
      <Stack className={classes.loader} align="center" gap="md" role="status" aria-live="polite">
        <NestboxMark size={40} />
        <Loader type="dots" size="md" aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
