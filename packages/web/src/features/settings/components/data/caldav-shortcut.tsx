import { ActionIcon, Alert, Button, CopyButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { CreatedApiToken } from '@nestbox/shared/tokens/token.schema';
import { IconCheck, IconCopy, IconDeviceMobile } from '@tabler/icons-react';
import { type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import type { TranslationKey } from '../../../../lib/i18n';
import { useCreateApiToken } from '../../api/create-api-token';
import classes from '../app-settings.module.css';

/**
 * What a CalDAV app signs in with: the server's `/dav/` address (apps that look up
 * `/.well-known/caldav` need only the origin), the account's e-mail as user name, and a
 * personal API token as password.
 */
export function calDavAccount(origin: string, email: string, token: string) {
  return { address: `${origin}/dav/`, origin, userName: email, password: token };
}

/**
 * Makes a token for a CalDAV app in one step: named for it, and read-and-write, as the app
 * adds, changes and completes tasks. Its notice (CalDavNotice) gives all the app asks for.
 */
export function CalDavShortcut({
  focused = false,
  onMade,
}: {
  /** Takes the focus when shown: back from its notice, which held the focus. */
  focused?: boolean;
  onMade: (made: CreatedApiToken) => void;
}) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const create = useCreateApiToken();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focused) button.current?.focus();
  }, [focused]);

  const handleClick = () =>
    create.mutate(
      { name: t('settings.data.tokens.caldav.tokenName'), scope: 'write' },
      { onSuccess: onMade, onError: (error) => notifyFailure(error) },
    );

  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
        {t('settings.data.tokens.caldav.offer')}
      </Text>
      <Button
        ref={button}
        variant="default"
        leftSection={<IconDeviceMobile size={16} />}
        onClick={handleClick}
        loading={create.isPending}
      >
        {t('settings.data.tokens.caldav.create')}
      </Button>
    </Group>
  );
}

/**
 * The sign-in details for a CalDAV app, shown once, right after the shortcut made their
 * token: each with a way to copy it, and where the guide says what to do with them.
 */
export function CalDavNotice({
  made,
  email,
  origin,
  onDone,
}: {
  made: CreatedApiToken;
  email: string;
  origin: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const account = calDavAccount(origin, email, made.token);
  const first = useRef<HTMLInputElement>(null);
  // The shortcut that made it held the focus: the first value takes it, selected, ready to copy.
  useEffect(() => first.current?.focus(), []);
  return (
    <Alert
      color="nest"
      variant="light"
      icon={<IconDeviceMobile size={18} />}
      title={t('settings.data.tokens.caldav.title')}
      classNames={{ icon: classes.noticeIcon }}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{t('settings.data.tokens.caldav.note', { name: made.name })}</Text>
        <CopyField
          ref={first}
          label={t('settings.data.tokens.caldav.address')}
          description={t('settings.data.tokens.caldav.addressHint', { origin: account.origin })}
          value={account.address}
          copy="settings.data.tokens.caldav.copyAddress"
          copied="settings.data.tokens.caldav.addressCopied"
        />
        <CopyField
          label={t('settings.data.tokens.caldav.user')}
          value={account.userName}
          copy="settings.data.tokens.caldav.copyUser"
          copied="settings.data.tokens.caldav.userCopied"
        />
        <CopyField
          label={t('settings.data.tokens.caldav.password')}
          value={account.password}
          monospace
          copy="settings.data.tokens.caldav.copyPassword"
          copied="settings.data.tokens.caldav.passwordCopied"
        />
        <Text size="sm">{t('settings.data.tokens.caldav.guide')}</Text>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('settings.data.tokens.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A value to paste elsewhere: read-only, selected when focused, with a copy button that says when it copied. */
export function CopyField({
  ref,
  label,
  description,
  value,
  monospace = false,
  copy,
  copied: copiedLabel,
}: {
  ref?: Ref<HTMLInputElement>;
  label: string;
  description?: string;
  value: string;
  monospace?: boolean;
  copy: TranslationKey;
  copied: TranslationKey;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      label={label}
      description={description}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      classNames={{ description: classes.breakAnywhere }}
      styles={monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy: handleCopy }) => (
            <Tooltip label={t(copied ? copiedLabel : copy)} withinPortal={false}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'nest' : 'gray'}
                onClick={handleCopy}
                aria-label={t(copied ? copiedLabel : copy)}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
