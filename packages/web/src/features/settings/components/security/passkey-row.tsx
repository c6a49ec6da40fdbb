import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import type { Passkey } from '@nestbox/shared/passkeys/passkeys.schema';
import { IconCloud, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../../components/feedback/confirm';
import rowClasses from '../../../../components/layout/icon-action.module.css';
import { useUser } from '../../../../lib/api/get-user';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { RELATIVE_FOR_MS, relativeTime } from '../../../../lib/relative-time';
import { useRemovePasskey } from '../../api/remove-passkey';
import classes from '../app-settings.module.css';
import type { PasskeyProblem } from './add-passkey';

/** "Last used …": in words within a week ("yesterday", "3 hours ago"), then the day. */
function useLastUsed(lastUsedAt: number | null): string {
  const { t } = useTranslation();
  const user = useUser();
  if (lastUsedAt === null) return t('settings.security.passkeys.neverUsed');
  const now = Date.now();
  if (now - lastUsedAt >= RELATIVE_FOR_MS)
    return t('settings.security.passkeys.lastUsedOn', {
      date: formatDate(lastUsedAt, user.timezone, user.locale),
    });
  const when = relativeTime(lastUsedAt, now, user.locale, user.timezone) ?? t('settings.activity.justNow');
  return t('settings.security.passkeys.lastUsed', { when });
}

/** One passkey: its name, when it was added and last used, whether it is synced; rename, remove. */
export function PasskeyRow({
  passkey,
  onRename,
  onRemoved,
  onProblem,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemoved: () => void;
  onProblem: (problem: PasskeyProblem | null) => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const remove = useRemovePasskey();
  const lastUsed = useLastUsed(passkey.lastUsedAt);
  const { name } = passkey;
  const renameLabel = t('settings.security.passkeys.renameLabel', { name });
  const removeLabel = t('settings.security.passkeys.removeLabel', { name });

  const handleRemove = () =>
    confirmDanger({
      title: t('settings.security.passkeys.removeTitle', { name }),
      body: t('settings.security.passkeys.removeBody'),
      confirmLabel: t('settings.security.passkeys.remove'),
      onConfirm: () => {
        onProblem(null);
        remove.mutate(passkey.id, {
          onSuccess: () => {
            notify({ type: 'success', message: t('passkeys.removed') });
            onRemoved();
          },
          onError: (error) => {
            if (!isApiError(error) || !error.canceled) onProblem({ tone: 'error', message: error.message });
          },
        });
      },
    });

  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2} className={classes.breakAnywhere}>
            {name}
          </Text>
          <Group gap={6} wrap="wrap">
            {passkey.backedUp && (
              <Badge size="sm" variant="light" color="gray" leftSection={<IconCloud size={12} aria-hidden />}>
                {t('settings.security.passkeys.synced')}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              <span className={classes.noWrap}>
                {t('settings.security.passkeys.added', {
                  date: formatDate(passkey.createdAt, user.timezone, user.locale),
                })}
              </span>{' '}
              <span className={classes.noWrap}>· {lastUsed}</span>
            </Text>
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label={renameLabel}>
            <ActionIcon size="lg" className={rowClasses.action} aria-label={renameLabel} onClick={onRename}>
              <IconPencil size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={removeLabel}>
            <ActionIcon
              size="lg"
              className={rowClasses.action}
              aria-label={removeLabel}
              onClick={handleRemove}
              loading={remove.isPending}
            >
              <IconTrash size={18} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
