import { Center, Loader, Stack, Title } from '@mantine/core';
import { NestboxMark } from '../brand/logo';
import classes from './page-loader.module.css';

/** The mark, a quiet line, and the line as the page's heading, announced to screen readers. */
function Waiting({ label }: { label: string }) {
  return (
    <Stack className={classes.loader} align="center" gap="md" role="status" aria-live="polite">
      <NestboxMark size={40} />
      <Loader type="dots" size="md" aria-hidden="true" />
      <Title order={1} c="dimmed" fz="sm" fw={400}>
        {label}
      </Title>
    </Stack>
  );
}

/** A calm whole-page wait. It is the page while it shows, so it is the main landmark. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center component="main" mih="100dvh" bg="var(--nestbox-page-bg)">
      <Waiting label={label} />
    </Center>
  );
}

/**
 * The same wait inside a logged-out page's card: the layout around it is the main landmark,
 * and the card keeps a heading while its content is on its way.
 */
export function CardLoader({ label }: { label: string }) {
  return (
    <Center mih={240}>
      <Waiting label={label} />
    </Center>
  );
}
