import { Button, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { PAGE_PATHS, pagePath } from '@nestbox/shared/routes';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../../components/errors/load-boundary';
import { CardLoader } from '../../../components/feedback/page-loader';
import { EmailInput } from '../../../components/forms/email-input';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { changeLocale } from '../../../lib/i18n';
import { saveSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { loadLoginSchema } from '../auth-schemas';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';
import { PasskeySignInButton, usePasskeySignIn } from './passkey-sign-in';

/** The second step's code loads only for an account that has one (two-factor). */
const SecondFactorForm = retryableLazy(async () => ({
  default: (await import('./second-factor-form')).SecondFactorForm,
}));

/**
 * Email, password and Remember me, or a passkey (its button, or the e-mail field's suggestions
 * where the browser offers passkeys there); on success the session is stored and `onLoggedIn`
 * runs. `notice` explains why the visitor is here (their session was ended elsewhere).
 */
export function LoginForm({
  onLoggedIn,
  notice,
  description,
}: {
  onLoggedIn: () => void;
  notice?: string | undefined;
  /** The line under the heading (by default, a welcome back). */
  description?: string;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(loadLoginSchema, { email: '', password: '', rememberMe: false });
  const login = useLogin();
  const needsActivation = isApiError(login.error) && login.error.code === 'activation.required';
  /** The second step's token, once the password was right and two-factor codes are on. */
  const [secondStep, setSecondStep] = useState<string | null>(null);

  const signIn = async ({ token, user }: LoginResponse) => {
    saveSession(token, user);
    if (user.locale) await changeLocale(user.locale);
    onLoggedIn();
  };
  const passkey = usePasskeySignIn({
    rememberMe: form.values.rememberMe,
    onSignedIn: signIn,
    armed: secondStep === null,
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    passkey.clear();
    const body = await form.validate();
    if (!body) return;
    login.mutate(body, {
      onSuccess: async (answer) => {
        if ('secondFactor' in answer) setSecondStep(answer.secondFactor.token);
        else await signIn(answer);
      },
    });
  };

  if (secondStep)
    return (
      <LoadBoundary retry={SecondFactorForm.retry}>
        <Suspense fallback={<CardLoader label={t('common.loading')} />}>
          <SecondFactorForm
            token={secondStep}
            onSignedIn={signIn}
            onRestart={() => {
              setSecondStep(null);
              login.reset();
              form.setFieldValue('password', '');
            }}
          />
        </Suspense>
      </LoadBoundary>
    );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('login.title')} description={description ?? t('login.subtitle')} />
        {notice && !login.error && !passkey.notice ? <AuthNotice tone="info">{notice}</AuthNotice> : null}
        {passkey.notice && !login.error ? (
          <AuthNotice tone={passkey.notice.tone}>{passkey.notice.message}</AuthNotice>
        ) : null}
        {login.error ? (
          <AuthNotice tone="error">
            <Stack gap={6} align="flex-start">
              <span>{login.error.message}</span>
              {needsActivation ? <span>{t('activation.requiredDetail')}</span> : null}
              {needsActivation ? (
                <AuthLink
                  to={pagePath(PAGE_PATHS.resendActivateLink, { value: form.values.email.trim() })}
                  size="sm"
                  // Inside the red notice: its own dark text, underlined, reads there (teal does not).
                  c="inherit"
                  underline="always"
                >
                  {t('login.resendLink')}
                </AuthLink>
              ) : null}
            </Stack>
          </AuthNotice>
        ) : null}
        {/* `webauthn`: the browser may offer passkeys among the field's suggestions. */}
        <EmailInput autoFocus autoComplete="username webauthn" {...form.textInputProps('email')} />
        <PasswordInput
          label={t('form.password')}
          autoComplete="current-password"
          {...form.textInputProps('password')}
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label={t('login.rememberMe')}
            checked={form.values.rememberMe}
            onChange={(event) => form.setFieldValue('rememberMe', event.currentTarget.checked)}
          />
          <AuthLink to={PAGE_PATHS.forgot} size="sm">
            {t('login.forgotLink')}
          </AuthLink>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          {t('login.submit')}
        </Button>
        {passkey.supported ? (
          <PasskeySignInButton
            pending={passkey.pending}
            onClick={() => {
              login.reset();
              passkey.start();
            }}
          />
        ) : null}
        <Text ta="center" size="sm" c="dimmed">
          {t('login.noAccount')}{' '}
          <AuthLink to={PAGE_PATHS.signup} size="sm">
            {t('login.signupLink')}
          </AuthLink>
        </Text>
      </Stack>
    </form>
  );
}
