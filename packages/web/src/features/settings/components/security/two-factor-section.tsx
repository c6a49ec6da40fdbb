import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { formatDate } from '@nestbox/shared/dates/format-date';
import {
  TwoFactorCodeBodySchema,
  type TwoFactorDisableBody,
  TwoFactorDisableBodySchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@nestbox/shared/two-factor/two-factor.schema';
import { IconAlertTriangle, IconDeviceMobile } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../../hooks/use-notify-failure';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { useUser } from '../../../../lib/api/get-user';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useDisableTwoFactor } from '../../api/disable-two-factor';
import { useTwoFactor } from '../../api/get-two-factor';
import { useRegenerateRecoveryCodes } from '../../api/regenerate-recovery-codes';
import { useSetUpTwoFactor } from '../../api/set-up-two-factor';
import { SectionHeading } from '../data/section-heading';
import { CodeInput } from './code-input';
import { RecoveryCodesNotice } from './recovery-codes-notice';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** What the section shows besides the status: an enrolment, new recovery codes, or a form. */
type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

/**
 * Settings → Security → Two-factor codes: turn them on (enrol an authenticator app, then keep
 * the ten recovery codes shown once), make new recovery codes, or turn them off.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  const setUp = useSetUpTwoFactor();
  const notifyFailure = useNotifyFailure();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });

  const start = () =>
    setUp.mutate(undefined, {
      onSuccess: (setup) => setStep({ kind: 'enrolling', setup }),
      onError: (error) => notifyFailure(error),
    });

  return (
    <Stack gap="md" component="section" aria-labelledby="settings-two-factor-title">
      <SectionHeading id="settings-two-factor-title" icon={<IconDeviceMobile size={22} />}>
        {t('settings.security.twoFactor.title')}
      </SectionHeading>
      <Text size="sm" c="dimmed">
        {t('settings.security.twoFactor.intro')}
      </Text>
      {status.isPending && (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={52} radius="md" />
        </Stack>
      )}
      {status.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Group justify="space-between" gap="xs">
            <span>{t('settings.security.twoFactor.loadFailed')}</span>
            <Button size="xs" variant="default" onClick={() => void status.refetch()}>
              {t('settings.activity.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {step.kind === 'codes' && <RecoveryCodesNotice codes={step.codes} onDone={idle} />}
      {status.isSuccess && step.kind !== 'codes' && step.kind !== 'enrolling' && (
        <StatusLine status={status.data}>
          {!status.data.enabled && (
            <Button onClick={start} loading={setUp.isPending}>
              {t('settings.security.twoFactor.turnOn')}
            </Button>
          )}
          {status.data.enabled && step.kind === 'idle' && (
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setStep({ kind: 'regenerate' })}>
                {t('settings.security.recovery.regenerate')}
              </Button>
              <Button
                variant="default"
                size="xs"
                c="var(--nestbox-danger-text)"
                onClick={() => setStep({ kind: 'disable' })}
              >
                {t('settings.security.twoFactor.turnOff')}
              </Button>
            </Group>
          )}
        </StatusLine>
      )}
      {step.kind === 'enrolling' && (
        <TwoFactorEnrolment
          setup={step.setup}
          onEnabled={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={idle}
        />
      )}
      {step.kind === 'regenerate' && (
        <RegenerateForm onDone={(codes) => setStep({ kind: 'codes', codes })} onCancel={idle} />
      )}
      {step.kind === 'disable' && <DisableForm onDone={idle} onCancel={idle} />}
    </Stack>
  );
}

/** On or off, since when, and how many recovery codes are left; `children` are the actions. */
function StatusLine({ status, children }: { status: TwoFactorStatus; children: React.ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light" color={status.enabled ? 'nest' : 'gray'}>
              {t(status.enabled ? 'settings.security.twoFactor.on' : 'settings.security.twoFactor.off')}
            </Badge>
            {status.enabledAt !== null && (
              <Text size="xs" c="dimmed">
                {t('settings.security.twoFactor.since', {
                  date: formatDate(status.enabledAt, user.timezone, user.locale),
                })}
              </Text>
            )}
          </Group>
          {status.enabled && (
            <Text size="sm" c={status.recoveryCodesLeft <= 2 ? 'var(--nestbox-danger-text)' : undefined}>
              {t('settings.security.recovery.left', { count: status.recoveryCodesLeft })}
            </Text>
          )}
        </Stack>
        {children}
      </Group>
    </Paper>
  );
}

/** A code (from the app or a recovery code) for ten new recovery codes. */
function RegenerateForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(TwoFactorCodeBodySchema, { code: '' });
  const regenerate = useRegenerateRecoveryCodes();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    regenerate.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes),
      onError: (error) => {
        const shownOnField = form.setServerErrors(isApiError(error) ? error.fields : undefined);
        if (!shownOnField) notify({ type: 'error', message: error.message });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('settings.security.recovery.regenerate')}>
        <Stack gap="sm">
          <Text size="sm">{t('settings.security.recovery.regenerateNote')}</Text>
          <CodeInput autoFocus {...form.textInputProps('code')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={regenerate.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={regenerate.isPending}>
              {t('settings.security.recovery.regenerate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Turning codes off: proven by a code, or by the current password. */
function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [proof, setProof] = useState<'code' | 'password'>('code');
  const form = useSchemaForm(TwoFactorDisableBodySchema, { code: '', currentPassword: '' });
  const disable = useDisableTwoFactor();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = proof === 'code' ? 'code' : 'currentPassword';
    const value = proof === 'code' ? form.values.code.trim() : form.values.currentPassword;
    if (!value) {
      form.setServerErrors({
        [field]: t(proof === 'code' ? 'validation.secondFactor.code.required' : 'validation.required'),
      });
      return;
    }
    const body: TwoFactorDisableBody = proof === 'code' ? { code: value } : { currentPassword: value };
    disable.mutate(body, {
      onSuccess: ({ message }) => {
        notify({ type: 'success', message });
        onDone();
      },
      onError: (error) => {
        const shownOnField = form.setServerErrors(isApiError(error) ? error.fields : undefined);
        if (!shownOnField) notify({ type: 'error', message: error.message });
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} noValidate aria-label={t('settings.security.twoFactor.turnOff')}>
        <Stack gap="sm">
          <Text size="sm">{t('settings.security.twoFactor.turnOffNote')}</Text>
          <SegmentedControl
            value={proof}
            onChange={(value) => setProof(value as 'code' | 'password')}
            data={[
              { value: 'code', label: t('settings.security.twoFactor.withCode') },
              { value: 'password', label: t('settings.security.twoFactor.withPassword') },
            ]}
            aria-label={t('settings.security.twoFactor.proofLabel')}
            style={{ alignSelf: 'flex-start' }}
          />
          {proof === 'code' ? (
            <CodeInput autoFocus {...form.textInputProps('code')} />
          ) : (
            <PasswordInput
              label={t('settings.password.current')}
              autoComplete="current-password"
              autoFocus
              {...form.textInputProps('currentPassword')}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={disable.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('settings.security.twoFactor.turnOff')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
