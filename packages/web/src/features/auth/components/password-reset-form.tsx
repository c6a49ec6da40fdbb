import { Button, PasswordInput, Stack } from '@mantine/core';
import { PasswordResetBodySchema } from '@nestbox/shared/auth/auth.schema';
import { PASSWORD_MIN_LENGTH } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { usePasswordResetCheck } from '../api/check-password-reset';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';
import { PendingNotice } from './pending-notice';

/**
 * Where the password reset's bot check plugs in (it arrives with a later issue): the widget
 * to render above Confirm, and the response it produced, sent as `gRecaptchaResponse`.
 */
export interface CaptchaSlot {
  element: ReactNode;
  response: string;
}

/** Checks the reset link first; if it is good, asks for the new password. */
export function PasswordReset({ verifyId, captcha }: { verifyId: string; captcha?: CaptchaSlot }) {
  const { t } = useTranslation();
  const check = usePasswordResetCheck(verifyId);

  if (check.isPending) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('reset.title')} />
        <PendingNotice label={t('reset.checking')} />
      </Stack>
    );
  }

  if (check.isError) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('reset.title')} />
        <AuthNotice tone={isApiError(check.error) && check.error.status === 410 ? 'warning' : 'error'}>
          {check.error.message}
        </AuthNotice>
        <AuthLink to={PAGE_PATHS.forgot}>{t('reset.requestNew')}</AuthLink>
        <AuthLink to={PAGE_PATHS.login}>{t('auth.backToLogin')}</AuthLink>
      </Stack>
    );
  }

  return <NewPasswordForm verifyId={verifyId} captcha={captcha} />;
}

function NewPasswordForm({ verifyId, captcha }: { verifyId: string; captcha: CaptchaSlot | undefined }) {
  const { t } = useTranslation();
  const form = useSchemaForm(PasswordResetBodySchema, { verifyId, password: '', gRecaptchaResponse: '' });
  const reset = useResetPassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (body) reset.mutate({ ...body, gRecaptchaResponse: captcha?.response ?? '' });
  };

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('reset.title')} />
        <AuthNotice tone="success">{reset.data.message || t('reset.success')}</AuthNotice>
        <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('reset.title')} />
        {reset.error ? <AuthNotice tone="error">{reset.error.message}</AuthNotice> : null}
        <PasswordInput
          label={t('form.newPassword')}
          description={t('form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          autoFocus
          {...form.textInputProps('password')}
        />
        {captcha?.element}
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
        <AuthLink to={PAGE_PATHS.login} size="sm" ta="center">
          {t('auth.backToLogin')}
        </AuthLink>
      </Stack>
    </form>
  );
}
