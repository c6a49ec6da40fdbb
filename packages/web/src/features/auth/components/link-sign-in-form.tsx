import { Button, Group, PasswordInput, Skeleton, Stack } from '@mantine/core';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { providerName } from '../../../lib/provider-name';
import { useLinkWithPassword, usePendingLink } from '../api/single-sign-on';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';
import { keepOidcSession } from './single-sign-on';

/**
 * `/link-sign-in`: the provider vouched for an address that a Nestbox account already has.
 * Nothing is linked until the account's own password is entered here, once; then the person
 * is signed in, and the provider signs them in directly from then on.
 */
export function LinkSignInForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const pending = usePendingLink();
  const link = useLinkWithPassword();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldError = isApiError(link.error) ? link.error.fields?.password : undefined;
  const formError = link.error && !fieldError ? link.error.message : undefined;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(password.length === 0);
    if (!password) return;
    link.mutate(
      { password },
      {
        onSuccess: async (session) => {
          await keepOidcSession(session);
          onLoggedIn();
        },
      },
    );
  };

  if (pending.isPending)
    return (
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={28} width="70%" />
        <Skeleton height={60} />
        <Skeleton height={40} />
      </Stack>
    );
  if (pending.isError)
    return (
      <Stack gap="md">
        <AuthHeading title={t('login.oidc.link.expiredTitle')} />
        <AuthNotice tone="error">{pending.error.message}</AuthNotice>
        <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>
      </Stack>
    );

  const name = providerName(pending.data.provider, t);
  const { email } = pending.data;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading
          title={t('login.oidc.link.title', { name })}
          description={t('login.oidc.link.description', { name, email })}
        />
        {formError ? <AuthNotice tone="error">{formError}</AuthNotice> : null}
        {/* The account's address, for password managers; it cannot be changed here. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          label={t('login.oidc.link.password')}
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? t('validation.login.password.required') : fieldError}
        />
        <Button type="submit" fullWidth size="md" loading={link.isPending}>
          {t('login.oidc.link.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <AuthLink to={PAGE_PATHS.forgot} size="sm">
            {t('login.forgotLink')}
          </AuthLink>
          <AuthLink to={PAGE_PATHS.login} size="sm">
            {t('login.oidc.link.cancel')}
          </AuthLink>
        </Group>
      </Stack>
    </form>
  );
}
