import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminUser } from '@nestbox/shared/two-factor/two-factor.schema';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../../components/feedback/confirm';
import { LoadedList } from '../../../../components/layout/loaded-list';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import { useUser } from '../../../../lib/api/get-user';
import { notify } from '../../../../lib/notify';
import { useAdminUsers } from '../../api/get-admin-users';
import { useResetTwoFactor } from '../../api/reset-two-factor';
import classes from '../app-settings.module.css';
import { SectionHeading } from '../data/section-heading';

/** How long typing pauses before the list is searched. */
const TYPING_PAUSE_MS = 250;

/**
 * Administrators only: every account, with whether its two-factor codes are on, searchable by
 * name or address, and a way to turn someone's codes off when they lost both their phone and
 * their recovery codes (the audit trail records it).
 */
export function AccountsTwoFactorSection() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), TYPING_PAUSE_MS);
  const accounts = useAdminUsers(q);
  const users = accounts.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="settings-accounts-title">
      <SectionHeading id="settings-accounts-title" icon={<IconUsers size={22} />}>
        {t('settings.security.accounts.title')}
      </SectionHeading>
      <Text size="sm" c="dimmed">
        {t('settings.security.accounts.intro')}
      </Text>
      <TextInput
        label={t('settings.security.accounts.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
        autoComplete="off"
      />
      <LoadedList
        query={accounts}
        items={accounts.data ? users : undefined}
        label={t('settings.security.accounts.title')}
        loadFailed={t('settings.security.accounts.loadFailed')}
        empty={t('settings.security.accounts.none')}
        skeletons={2}
      >
        {(user) => <AccountRow key={user.id} user={user} />}
      </LoadedList>
      {accounts.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void accounts.fetchNextPage()}
          loading={accounts.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          {t('settings.activity.more')}
        </Button>
      )}
    </Stack>
  );
}

function AccountRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const reset = useResetTwoFactor();
  // One's own codes go off in the section above, with a code or the password.
  const isMe = useUser().id === user.id;

  const handleReset = () =>
    confirmDanger({
      title: t('settings.security.accounts.resetTitle'),
      body: t('settings.security.accounts.resetBody', { name: user.name, email: user.email }),
      confirmLabel: t('settings.security.accounts.reset'),
      onConfirm: () =>
        reset.mutate(user.id, {
          onSuccess: () =>
            notify({
              type: 'success',
              message: t('settings.security.accounts.resetDone', { email: user.email }),
            }),
          onError: (error) => notifyFailure(error),
        }),
    });

  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={1} className={classes.breakAnywhere}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
            {user.email}
          </Text>
          <Group gap={6}>
            <Badge variant="light" color={user.twoFactor ? 'nest' : 'gray'}>
              {t(
                user.twoFactor
                  ? 'settings.security.accounts.twoFactorOn'
                  : 'settings.security.accounts.twoFactorOff',
              )}
            </Badge>
            {user.isAdmin && (
              <Badge variant="outline" color="gray">
                {t('settings.security.accounts.admin')}
              </Badge>
            )}
            {!user.active && (
              <Badge variant="outline" color="gray">
                {t('settings.security.accounts.notActive')}
              </Badge>
            )}
          </Group>
        </Stack>
        {user.twoFactor && !isMe && (
          <Button
            variant="default"
            c="var(--nestbox-danger-text)"
            size="xs"
            style={{ flexShrink: 0 }}
            onClick={handleReset}
            loading={reset.isPending}
            aria-label={t('settings.security.accounts.resetLabel', { name: user.name })}
          >
            {t('settings.security.accounts.reset')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
