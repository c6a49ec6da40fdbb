import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AuditEvent, AuditEventType } from '@nestbox/shared/audit/audit.schema';
import { shortUserAgent } from '@nestbox/shared/audit/user-agent';
import { formatDate } from '@nestbox/shared/dates/format-date';
import {
  IconAlertTriangle,
  IconBrandSlack,
  IconCalendar,
  IconDatabase,
  IconDeviceMobile,
  IconFingerprint,
  IconKey,
  IconLink,
  IconLinkOff,
  IconLock,
  IconLogin,
  IconLogout,
  IconMail,
  IconMessageOff,
  IconShare,
  IconShieldCheck,
  IconShieldOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedList } from '../../../components/layout/loaded-list';
import { useUser } from '../../../lib/api/get-user';
import type { TranslationKey } from '../../../lib/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { ownActivityQueryOptions } from '../api/get-own-activity';
import classes from './app-settings.module.css';

/** What each kind of event says, and its icon. */
const EVENTS: Record<
  AuditEventType,
  {
    text: `settings.activity.${AuditEventType}`;
    /** What it says when the event names nothing (recorded before names were kept). */
    unnamed?: 'settings.activity.tokens.revokedUnnamed';
    icon: ReactNode;
    color?: string;
  }
> = {
  'auth.login': { text: 'settings.activity.auth.login', icon: <IconLogin size={16} /> },
  'auth.loginFailed': {
    text: 'settings.activity.auth.loginFailed',
    icon: <IconAlertTriangle size={16} />,
    color: 'red',
  },
  'auth.logout': { text: 'settings.activity.auth.logout', icon: <IconLogout size={16} /> },
  'auth.passwordChanged': { text: 'settings.activity.auth.passwordChanged', icon: <IconLock size={16} /> },
  'auth.passwordReset': { text: 'settings.activity.auth.passwordReset', icon: <IconLock size={16} /> },
  'users.emailChanged': { text: 'settings.activity.users.emailChanged', icon: <IconMail size={16} /> },
  'tokens.created': { text: 'settings.activity.tokens.created', icon: <IconKey size={16} /> },
  'tokens.revoked': {
    text: 'settings.activity.tokens.revoked',
    unnamed: 'settings.activity.tokens.revokedUnnamed',
    icon: <IconKey size={16} />,
  },
  'calendar.created': { text: 'settings.activity.calendar.created', icon: <IconCalendar size={16} /> },
  'calendar.regenerated': {
    text: 'settings.activity.calendar.regenerated',
    icon: <IconCalendar size={16} />,
  },
  'calendar.revoked': { text: 'settings.activity.calendar.revoked', icon: <IconCalendar size={16} /> },
  'sharing.shared': { text: 'settings.activity.sharing.shared', icon: <IconShare size={16} /> },
  'sharing.levelChanged': { text: 'settings.activity.sharing.levelChanged', icon: <IconShare size={16} /> },
  'sharing.unshared': { text: 'settings.activity.sharing.unshared', icon: <IconShare size={16} /> },
  'admin.reseed': { text: 'settings.activity.admin.reseed', icon: <IconDatabase size={16} /> },
  'slack.linked': { text: 'settings.activity.slack.linked', icon: <IconBrandSlack size={16} /> },
  'slack.unlinked': { text: 'settings.activity.slack.unlinked', icon: <IconBrandSlack size={16} /> },
  'twoFactor.enabled': { text: 'settings.activity.twoFactor.enabled', icon: <IconShieldCheck size={16} /> },
  'twoFactor.disabled': { text: 'settings.activity.twoFactor.disabled', icon: <IconShieldOff size={16} /> },
  'twoFactor.reset': { text: 'settings.activity.twoFactor.reset', icon: <IconShieldOff size={16} /> },
  'twoFactor.recoveryCodesRegenerated': {
    text: 'settings.activity.twoFactor.recoveryCodesRegenerated',
    icon: <IconShieldCheck size={16} />,
  },
  'twoFactor.used': { text: 'settings.activity.twoFactor.used', icon: <IconDeviceMobile size={16} /> },
  'twoFactor.failed': {
    text: 'settings.activity.twoFactor.failed',
    icon: <IconAlertTriangle size={16} />,
    color: 'red',
  },
  'oidc.login': { text: 'settings.activity.oidc.login', icon: <IconLogin size={16} /> },
  'oidc.accountCreated': { text: 'settings.activity.oidc.accountCreated', icon: <IconUserPlus size={16} /> },
  'oidc.linked': { text: 'settings.activity.oidc.linked', icon: <IconLink size={16} /> },
  'oidc.unlinked': { text: 'settings.activity.oidc.unlinked', icon: <IconLinkOff size={16} /> },
  'oidc.refused': {
    text: 'settings.activity.oidc.refused',
    icon: <IconAlertTriangle size={16} />,
    color: 'red',
  },
  'passkeys.added': { text: 'settings.activity.passkeys.added', icon: <IconFingerprint size={16} /> },
  'passkeys.renamed': { text: 'settings.activity.passkeys.renamed', icon: <IconFingerprint size={16} /> },
  'passkeys.removed': { text: 'settings.activity.passkeys.removed', icon: <IconFingerprint size={16} /> },
  'passkeys.login': { text: 'settings.activity.passkeys.login', icon: <IconLogin size={16} /> },
  'passkeys.failed': {
    text: 'settings.activity.passkeys.failed',
    icon: <IconAlertTriangle size={16} />,
    color: 'red',
  },
  'comments.removed': { text: 'settings.activity.comments.removed', icon: <IconMessageOff size={16} /> },
};

const LEVELS: Record<string, TranslationKey> = {
  owner: 'share.level.owner',
  editor: 'share.level.editor',
  readonly: 'share.level.readonly',
};

/**
 * Settings → Profile: the signed-in person's own security events (logins, password, e-mail,
 * tokens, shares, Slack), newest first, in plain words, with when and from where; "Show more"
 * reads the next page.
 */
export function RecentActivity() {
  const { t } = useTranslation();
  const activity = useInfiniteQuery(ownActivityQueryOptions());
  const events = activity.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="settings-activity-title">
      <Stack gap={4}>
        <Title order={3} fz="md" id="settings-activity-title">
          {t('settings.activity.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.activity.intro')}
        </Text>
      </Stack>
      <LoadedList
        query={activity}
        items={activity.data ? events : undefined}
        label={t('settings.activity.title')}
        loadFailed={t('settings.activity.loadFailed')}
        empty={t('settings.activity.empty')}
        skeletons={2}
      >
        {(event) => <ActivityRow key={event.id} event={event} />}
      </LoadedList>
      {activity.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            onClick={() => void activity.fetchNextPage()}
            loading={activity.isFetchingNextPage}
          >
            {t('settings.activity.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ActivityRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const user = useUser();
  const known = EVENTS[event.type as AuditEventType] as (typeof EVENTS)[AuditEventType] | undefined;
  const { details } = event;
  const level = typeof details.level === 'string' ? LEVELS[details.level] : undefined;
  const text = known
    ? t(known.unnamed && details.name === undefined ? known.unnamed : known.text, {
        name: String(details.name ?? ''),
        from: String(details.from ?? ''),
        to: String(details.to ?? ''),
        level: level ? t(level) : '',
      })
    : t('settings.activity.other');
  const { browser, os } = shortUserAgent(event.userAgent);
  const browserText = browser
    ? os
      ? t('settings.activity.browserOn', { browser, os })
      : browser
    : event.userAgent
      ? t('settings.activity.unknownBrowser')
      : undefined;
  const when =
    relativeTime(event.createdAt, Date.now(), user.locale, user.timezone) ?? t('settings.activity.justNow');
  const exact = formatDate(event.createdAt, user.timezone, user.locale, 'dd-MMM-yyyy HH:mm');

  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar size={30} radius="md" color={known?.color ?? 'nest'} aria-hidden>
          {known?.icon ?? <IconShieldCheck size={16} />}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} className={classes.breakAnywhere}>
            {text}
          </Text>
          <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
            <time dateTime={new Date(event.createdAt).toISOString()} title={exact} className={classes.noWrap}>
              {when}
            </time>
            {/* Each part keeps together; the line breaks between parts, before a separator. */}
            {[event.ip, browserText]
              .filter((part) => part)
              .map((part) => (
                <Fragment key={part}>
                  {' '}
                  <span className={classes.noWrap}>· {part}</span>
                </Fragment>
              ))}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
