import { Group, Loader, Paper, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudOff } from '@tabler/icons-react';
import { onlineManager, useMutationState } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './connection-status.module.css';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** How long "All changes saved" stays after the last waiting change went through. */
const SYNCED_SHOWN_MS = 3_000;

/**
 * A quiet line in the corner: offline (with the changes waiting for the network), syncing
 * (changes on their way), then briefly synced. Nothing shows while online and idle.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnline);
  const pending = useMutationState({ filters: { status: 'pending' } }).length;
  const [synced, setSynced] = useState(false);
  const waited = useRef(false);

  useEffect(() => {
    if (!online || pending > 0) {
      // Only a change that had to wait earns the "saved" line once it goes through: a gap in
      // the network with nothing waiting says nothing when it ends.
      if (!online && pending > 0) waited.current = true;
      setSynced(false);
      return;
    }
    if (!waited.current) return;
    waited.current = false;
    setSynced(true);
    const timer = setTimeout(() => setSynced(false), SYNCED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [online, pending]);

  let content: React.ReactNode = null;
  if (!online) {
    content = (
      <Group gap={8} wrap="nowrap">
        <IconCloudOff size={18} stroke={1.7} aria-hidden="true" />
        <Text fz="sm">
          {t('connection.offline')}
          {pending > 0 ? ` · ${t('connection.waiting', { count: pending })}` : ''}
        </Text>
      </Group>
    );
  } else if (pending > 0 && waited.current) {
    content = (
      <Group gap={8} wrap="nowrap">
        <Loader size={14} aria-hidden="true" />
        <Text fz="sm">{t('connection.syncing', { count: pending })}</Text>
      </Group>
    );
  } else if (synced) {
    content = (
      <Group gap={8} wrap="nowrap">
        <IconCircleCheck size={18} stroke={1.7} aria-hidden="true" />
        <Text fz="sm">{t('connection.synced')}</Text>
      </Group>
    );
  }

  return (
    <div className={classes.region} role="status" aria-live="polite" data-online={online}>
      {content ? (
        <Paper className={classes.pill} shadow="sm" radius="xl" px="md" py={6} withBorder>
          {content}
        </Paper>
      ) : null}
    </div>
  );
}
