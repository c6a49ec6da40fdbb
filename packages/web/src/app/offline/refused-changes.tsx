import { Button, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { quickCapture } from '../../lib/api/quick-capture';
import { type ApiError, isApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** A change that waited for the network and was then refused, as the person is told of it. */
export interface RefusedChange {
  /** The item it was about (one entry per item: a later refusal replaces the earlier). */
  key: string;
  message: string;
  /** What the person typed (a new text, an edited title), kept so that it is not lost. */
  text?: string;
}

const NOTICE_ID = 'refused-changes';

let refused: RefusedChange[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => refused;

function setRefused(next: RefusedChange[]): void {
  refused = next;
  for (const listener of listeners) listener();
  if (next.length === 0) notifications.hide(NOTICE_ID);
}

/**
 * Why the server refused a change that waited: the true reason where the server says it (an
 * archived box), else what its status means for the item (a creation's item is its box).
 */
export function refusalReason(error: ApiError, creation: boolean): string {
  if (error.code === 'items.parent.archived') return i18n.t('connection.reason.boxArchived');
  if (error.status === 404) return i18n.t(creation ? 'connection.reason.boxGone' : 'connection.reason.gone');
  if (error.status === 403)
    return i18n.t(creation ? 'connection.reason.boxReadOnly' : 'connection.reason.readOnly');
  return error.message;
}

/**
 * Tells the person of a refused change in the one notice that lists them all (a second notice
 * per change would pile up after a long time offline). It stays until closed, or until every
 * kept text in it was put in the Inbox.
 */
export function tellRefusedChange(change: RefusedChange): void {
  const others = refused.filter((entry) => entry.key !== change.key);
  setRefused([...others, change]);
  notifications.show({
    id: NOTICE_ID,
    color: 'yellow',
    icon: <IconAlertTriangle size={18} stroke={2} />,
    message: <RefusedList />,
    autoClose: false,
    closeButtonProps: { size: 44, 'aria-label': i18n.t('connection.closeNotice') },
    onClose: () => setRefused([]),
  });
}

function RefusedList() {
  const { t } = useTranslation();
  const entries = useSyncExternalStore(subscribe, current, current);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only) return <RefusedEntry change={only} />;
  return (
    <Stack gap="xs">
      <Text fw={600} fz="sm">
        {t('connection.notSavedCount', { count: entries.length })}
      </Text>
      <List spacing="xs" fz="sm">
        {entries.map((change) => (
          <List.Item key={change.key}>
            <RefusedEntry change={change} />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** One refused change, and, when it held typed text, the ways to keep it. */
function RefusedEntry({ change }: { change: RefusedChange }) {
  const { t } = useTranslation();
  const { text } = change;
  if (text === undefined) return <span>{change.message}</span>;
  const putInInbox = () =>
    quickCapture({ title: text }).then(
      () => {
        setRefused(refused.filter((entry) => entry.key !== change.key));
        notify({ type: 'success', message: t('connection.putInInboxDone', { title: text }) });
      },
      (error: unknown) =>
        notify({
          type: 'error',
          message: t('connection.putInInboxFailed', {
            title: text,
            reason: isApiError(error) ? error.message : String(error),
          }),
          timeout: false,
        }),
    );
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify({ type: 'success', message: t('connection.copied') }));
  return (
    <Stack gap={6} align="flex-start">
      <span>{change.message}</span>
      <Group gap="xs">
        <Button size="compact-md" mih={44} variant="default" onClick={() => void putInInbox()}>
          {t('connection.putInInbox')}
        </Button>
        <Button size="compact-md" mih={44} variant="subtle" color="gray" onClick={() => void copy()}>
          {t('connection.copyText')}
        </Button>
      </Group>
    </Stack>
  );
}
