import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import {
  type ApiToken,
  CreateApiTokenBodySchema,
  type CreatedApiToken,
} from '@nestbox/shared/tokens/token.schema';
import { API_TOKEN_NAME_MAX_LENGTH, type ApiTokenScope } from '@nestbox/shared/tokens/token-values';
import { IconCheck, IconCopy, IconKey, IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../../components/feedback/confirm';
import { LoadedList } from '../../../../components/layout/loaded-list';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { useUser } from '../../../../lib/api/get-user';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useCreateApiToken } from '../../api/create-api-token';
import { useApiTokens } from '../../api/get-api-tokens';
import { useRevokeApiToken } from '../../api/revoke-api-token';
import classes from '../app-settings.module.css';
import { CalDavNotice, CalDavShortcut } from './caldav-shortcut';
import { SectionHeading } from './section-heading';

/** When a token was last used: the day and the minute (the server records it to the minute). */
const LAST_USED_FORMAT = 'dd-MMM-yyyy HH:mm';

/** A token just made, and whether the CalDAV shortcut made it (its notice shows sign-in details). */
type Made = { token: CreatedApiToken; forCalDav: boolean };

/**
 * The Data tab's personal API tokens: make one (name, read or read-and-write), or one for a
 * CalDAV app in one step, see its text once, list them with their last use, revoke one.
 */
export function ApiTokensSection() {
  const { t } = useTranslation();
  const user = useUser();
  const tokens = useApiTokens();
  const [made, setMade] = useState<Made | null>(null);
  /** Whether the CalDAV notice was just dismissed: the focus goes back to the shortcut that opened it. */
  const [backFromCalDav, setBackFromCalDav] = useState(false);

  return (
    <Stack gap="md" component="section" aria-labelledby="settings-tokens-title">
      <SectionHeading id="settings-tokens-title" icon={<IconKey size={22} />}>
        {t('settings.data.tokens.title')}
      </SectionHeading>
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {t('settings.data.tokens.intro')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('settings.data.tokens.usage')}{' '}
          <Code className={classes.breakAnywhere}>Authorization: Bearer nbx_…</Code>
        </Text>
        <Text size="sm" c="dimmed">
          {t('settings.data.tokens.passwordNote')}
        </Text>
      </Stack>

      {made?.forCalDav && (
        <CalDavNotice
          made={made.token}
          email={user.email}
          origin={window.location.origin}
          onDone={() => {
            setMade(null);
            setBackFromCalDav(true);
          }}
        />
      )}
      {made && !made.forCalDav && <NewTokenNotice made={made.token} onDone={() => setMade(null)} />}
      {!made && (
        <>
          <CreateTokenForm onMade={(token) => setMade({ token, forCalDav: false })} />
          <CalDavShortcut
            focused={backFromCalDav}
            onMade={(token) => {
              setBackFromCalDav(false);
              setMade({ token, forCalDav: true });
            }}
          />
        </>
      )}

      <Title order={4} fz="sm">
        {t('settings.data.tokens.list')}
      </Title>
      <LoadedList
        query={tokens}
        items={tokens.data}
        label={t('settings.data.tokens.list')}
        loadFailed={t('settings.data.tokens.loadFailed')}
        empty={t('settings.data.tokens.none')}
      >
        {(token) => <TokenRow key={token.id} token={token} />}
      </LoadedList>
    </Stack>
  );
}

function CreateTokenForm({ onMade }: { onMade: (made: CreatedApiToken) => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(CreateApiTokenBodySchema, { name: '', scope: 'read' as ApiTokenScope });
  const create = useCreateApiToken();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    create.mutate(body, {
      onSuccess: (made) => {
        form.setFieldValue('name', '');
        onMade(made);
      },
      onError: (error) => {
        const shownOnFields = form.setServerErrors(isApiError(error) ? error.fields : undefined);
        if (!shownOnFields) notify({ type: 'error', message: error.message });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('settings.data.tokens.create')}>
        <Stack gap="sm">
          <TextInput
            label={t('settings.data.tokens.name')}
            placeholder={t('settings.data.tokens.namePlaceholder')}
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            autoComplete="off"
            {...form.textInputProps('name')}
          />
          <Radio.Group
            label={t('settings.data.tokens.scope')}
            value={form.values.scope}
            onChange={(value) => form.setFieldValue('scope', value as ApiTokenScope)}
            error={form.errorOf('scope')}
          >
            <Stack gap="sm" mt={6}>
              <Radio
                value="read"
                label={t('settings.data.tokens.scope.read')}
                description={t('settings.data.tokens.scope.readHint')}
              />
              <Radio
                value="write"
                label={t('settings.data.tokens.scope.write')}
                description={t('settings.data.tokens.scope.writeHint')}
              />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={create.isPending}>
              {t('settings.data.tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The new token's text, shown this once, with a way to copy it. */
function NewTokenNotice({ made, onDone }: { made: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation();
  const field = useRef<HTMLInputElement>(null);
  // The form it replaces held the focus: the token takes it, selected, ready to copy.
  useEffect(() => field.current?.focus(), []);
  return (
    <Alert
      color="nest"
      variant="light"
      icon={<IconShieldCheck size={18} />}
      title={t('settings.data.tokens.newTitle', { name: made.name })}
      classNames={{ icon: classes.noticeIcon }}
      role="status"
    >
      <Stack gap="sm">
        <Text size="sm">{t('settings.data.tokens.newNote')}</Text>
        <TextInput
          label={t('settings.data.tokens.newLabel')}
          value={made.token}
          readOnly
          ref={field}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={
            <CopyButton value={made.token}>
              {({ copied, copy }) => (
                <Tooltip
                  label={t(copied ? 'settings.data.tokens.copied' : 'settings.data.tokens.copy')}
                  withinPortal={false}
                >
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'nest' : 'gray'}
                    onClick={copy}
                    aria-label={t('settings.data.tokens.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('settings.data.tokens.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const notifyFailure = useNotifyFailure();
  const user = useUser();
  const revoke = useRevokeApiToken();
  const when = (at: number, pattern?: string) => formatDate(at, user.timezone, user.locale, pattern);

  const handleRevoke = () =>
    confirmDanger({
      title: t('settings.data.tokens.revokeTitle'),
      body: t('settings.data.tokens.revokeBody', { name: token.name }),
      confirmLabel: t('settings.data.tokens.revoke'),
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => notify({ type: 'success', message: t('settings.data.tokens.revoked') }),
          onError: (error) => notifyFailure(error),
        }),
    });

  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2} className={classes.breakAnywhere}>
            {token.name}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color={token.scope === 'write' ? 'nest' : 'gray'}>
              {t(
                token.scope === 'write'
                  ? 'settings.data.tokens.scope.write'
                  : 'settings.data.tokens.scope.read',
              )}
            </Badge>
            <Text size="xs" c="dimmed">
              {t('settings.data.tokens.created', { date: when(token.createdAt) })} ·{' '}
              {token.lastUsedAt === null
                ? t('settings.data.tokens.neverUsed')
                : t('settings.data.tokens.lastUsed', { date: when(token.lastUsedAt, LAST_USED_FORMAT) })}
            </Text>
          </Group>
        </Stack>
        <Button
          variant="default"
          c="var(--nestbox-danger-text)"
          size="xs"
          style={{ flexShrink: 0 }}
          onClick={handleRevoke}
          loading={revoke.isPending}
          aria-label={t('settings.data.tokens.revokeLabel', { name: token.name })}
        >
          {t('settings.data.tokens.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}
