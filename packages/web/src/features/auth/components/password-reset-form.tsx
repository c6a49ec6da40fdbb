import { Button, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeInput } from '../../../components/forms/one-time-code-input';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { usePasswordResetCheck } from '../api/check-password-reset';
import { useResetPassword } from '../api/reset-password';
import { loadPasswordResetSchema } from '../auth-schemas';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';
import type { CaptchaHandle } from './captcha-handle';
import { PasswordResetCaptcha } from './password-reset-captcha';
import { PendingNotice } from './pending-notice';

/** Checks the reset link first; if it is good, asks for the new password. */
export function PasswordReset({ verifyId }: { verifyId: string }) {
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

  return <NewPasswordForm verifyId={verifyId} secondFactor={check.data.secondFactor} />;
}

/**
 * The new password, a two-factor code when the account has them on, and the bot check. On Confirm the captcha's answer is awaited (ALTCHA
 * may still be solving it): no answer asks the person to complete the check, a check that
 * could not be done asks them to submit again (SPEC §8). Any refusal from the server resets
 * the check, because each answer is accepted once and the server spends it before it looks
 * at the password.
 */
function NewPasswordForm({ verifyId, secondFactor }: { verifyId: string; secondFactor: boolean }) {
  const { t } = useTranslation();
  const form = useSchemaForm(loadPasswordResetSchema, {
    verifyId,
    password: '',
    gRecaptchaResponse: '',
    ...(secondFactor ? { code: '' } : {}),
  });
  const reset = useResetPassword();
  const captcha = useRef<CaptchaHandle>(null);
  const [awaitingCaptcha, setAwaitingCaptcha] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (awaitingCaptcha || reset.isPending) return;
    setFormError(null);
    const body = await form.validate();
    if (!body) return;
    setAwaitingCaptcha(true);
    let gRecaptchaResponse: string;
    try {
      gRecaptchaResponse = (await captcha.current?.getResponse()) ?? '';
    } catch {
      setFormError(t('reset.captchaTimeout'));
      return;
    } finally {
      setAwaitingCaptcha(false);
    }
    if (!gRecaptchaResponse) {
      setFormError(t('captcha.failed'));
      return;
    }
    reset.mutate(
      { ...body, gRecaptchaResponse },
      {
        onError: (error) => {
          captcha.current?.reset();
          const shownOnField = form.setServerErrors(isApiError(error) ? error.fields : undefined);
          if (!shownOnField) setFormError(error.message);
        },
      },
    );
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
        {formError ? <AuthNotice tone="error">{formError}</AuthNotice> : null}
        <PasswordInput
          label={t('form.newPassword')}
          description={t('form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          autoFocus
          {...form.textInputProps('password')}
        />
        {secondFactor ? (
          <OneTimeCodeInput
            label={t('reset.code')}
            description={t('reset.codeHint')}
            {...form.textInputProps('code')}
          />
        ) : null}
        <PasswordResetCaptcha ref={captcha} />
        <Button type="submit" fullWidth size="md" loading={awaitingCaptcha || reset.isPending}>
          {t('reset.submit')}
        </Button>
        <AuthLink to={PAGE_PATHS.login} size="sm" ta="center">
          {t('auth.backToLogin')}
        </AuthLink>
      </Stack>
    </form>
  );
}
