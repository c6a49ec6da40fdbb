import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { TwoFactorCodeBodySchema, type TwoFactorSetup } from '@nestbox/shared/two-factor/two-factor.schema';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useEnableTwoFactor } from '../../api/enable-two-factor';
import classes from '../app-settings.module.css';
import { CodeInput } from './code-input';

/** The secret in groups of four, as people copy it by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Enrolling an app: its QR code (or the secret to type), then a code from the app to confirm.
 * `onEnabled` gets the recovery codes; `onCancel` leaves codes off. It takes the focus when it shows.
 */
export function TwoFactorEnrolment({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const form = useSchemaForm(TwoFactorCodeBodySchema, { code: '' });
  const enable = useEnableTwoFactor();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => {
        const shownOnField = form.setServerErrors(isApiError(error) ? error.fields : undefined);
        if (!shownOnField) notify({ type: 'error', message: error.message });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="settings-two-factor-enrol-title">
        <Stack gap="md">
          <Title order={4} fz="sm" id="settings-two-factor-enrol-title" ref={title} tabIndex={-1}>
            {t('settings.security.twoFactor.enrolTitle')}
          </Title>
          <Text size="sm">{t('settings.security.twoFactor.scan')}</Text>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('settings.security.twoFactor.qrAlt')}
            w={184}
            h={184}
            radius="sm"
            data-testid="two-factor-qr"
          />
          <Stack gap={4}>
            <Text size="sm">{t('settings.security.twoFactor.typeSecret')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code
                fz="sm"
                className={classes.breakAnywhere}
                aria-label={t('settings.security.twoFactor.secretLabel')}
              >
                {grouped(setup.secret)}
              </Code>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Tooltip
                    label={t(
                      copied
                        ? 'settings.security.twoFactor.secretCopied'
                        : 'settings.security.twoFactor.copySecret',
                    )}
                    withinPortal={false}
                  >
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'nest' : 'gray'}
                      onClick={copy}
                      aria-label={t('settings.security.twoFactor.copySecret')}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <CodeInput appOnly {...form.textInputProps('code')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={enable.isPending}>
              {t('settings.security.twoFactor.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
