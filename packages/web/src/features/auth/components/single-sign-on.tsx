import { Button, Divider, Stack, Text } from '@mantine/core';
import type { OidcSessionResponse } from '@nestbox/shared/oidc/oidc.schema';
import { OIDC_LOGIN_RESULTS, type OidcLoginResult } from '@nestbox/shared/oidc/oidc-results';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardLoader } from '../../../components/feedback/page-loader';
import { changeLocale, currentLocale } from '../../../lib/i18n';
import { saveEndSessionUrl, saveSession } from '../../../lib/session';
import { browserTimezone } from '../../../lib/timezones';
import { useTakeOidcSession } from '../api/single-sign-on';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';

/** Is this the outcome of a sign-in through the provider (`/login?oidc=<result>`)? */
export const isOidcLoginResult = (value: string | null): value is OidcLoginResult =>
  OIDC_LOGIN_RESULTS.some((result) => result === value);

/**
 * Keeps a session made by single sign-on as a password login keeps its own, and where logging
 * out ends the provider's session too.
 */
export async function keepOidcSession({ token, user, endSessionUrl }: OidcSessionResponse): Promise<void> {
  saveSession(token, user);
  saveEndSessionUrl(endSessionUrl);
  if (user.locale) await changeLocale(user.locale);
}

/**
 * "Sign in with <provider>": a plain link to the server, which sends the browser on to the
 * provider. A new account takes the page's language and the device's time zone, as sign-up does.
 */
export function SingleSignOnButton({ name }: { name: string }) {
  const { t } = useTranslation();
  const query = new URLSearchParams({ locale: currentLocale(), timezone: browserTimezone() });
  return (
    <Button
      component="a"
      href={`/auth/oidc/start?${query}`}
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconKey size={18} aria-hidden />}
    >
      {t('login.oidc.button', { name })}
    </Button>
  );
}

/** Below the password form: "or", then the provider's button. */
export function SingleSignOnAlternative({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" mt="md">
      <Divider label={t('login.oidc.or')} labelPosition="center" />
      <SingleSignOnButton name={name} />
    </Stack>
  );
}

/** The login page when accounts sign in through the provider only (NESTBOX_OIDC_ONLY). */
export function SingleSignOnOnly({
  name,
  description,
  notice,
  error,
}: {
  name: string;
  description: string;
  notice?: string | undefined;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <AuthHeading title={t('login.title')} description={description} />
      {error ? <AuthNotice tone="error">{error}</AuthNotice> : null}
      {notice && !error ? <AuthNotice tone="info">{notice}</AuthNotice> : null}
      <SingleSignOnButton name={name} />
      <Text size="sm" c="dimmed">
        {t('login.oidc.onlyHint', { name })}
      </Text>
    </Stack>
  );
}

/**
 * `/login?oidc=signedIn`: takes the session the return from the provider made (once) and goes
 * on; if none waits any more, says so and offers to sign in again.
 */
export function OidcSessionTaker({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const take = useTakeOidcSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    take.mutate(undefined, {
      onSuccess: async (session) => {
        await keepOidcSession(session);
        onLoggedIn();
      },
    });
  }, [take, onLoggedIn]);

  if (!take.error) return <CardLoader label={t('login.oidc.signingIn')} />;
  return (
    <Stack gap="md">
      <AuthHeading title={t('login.title')} />
      <AuthNotice tone="error">{take.error.message}</AuthNotice>
      <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>
    </Stack>
  );
}
