import { OIDC_QUERY } from '@nestbox/shared/oidc/oidc-results';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CardLoader } from '../../../components/feedback/page-loader';
import { useOidcConfig } from '../../../features/auth/api/single-sign-on';
import { LoginForm } from '../../../features/auth/components/login-form';
import {
  isOidcLoginResult,
  OidcSessionTaker,
  SingleSignOnAlternative,
  SingleSignOnOnly,
} from '../../../features/auth/components/single-sign-on';
import { usePageTitle } from '../../../hooks/use-page-title';
import { providerName } from '../../../lib/provider-name';
import { getToken, returnToOf, sessionEndedOf } from '../../../lib/session';

/**
 * A logged-out page seen with a session held (just signed in, or come back to): it goes on to
 * the app (the page `to` of it), and the card keeps a heading while the app's code loads on
 * the way there. It lives with the login page, which needs it first, so that page loads no
 * chunk of it alone.
 */
export function ToApp({ to = PAGE_PATHS.app }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Navigate to={to} replace />
      <CardLoader label={t('common.loading')} />
    </>
  );
}

/**
 * `/` and `/login`. A visitor who still holds a session goes straight to the app; one whose
 * session the server just ended is told why. After logging in, the person goes on to the app
 * page they were sent here from, if any. With single sign-on the page offers the provider's
 * button (or only it), takes the session a return from the provider made
 * (`?oidc=signedIn`), and says what went wrong with one that failed (`?oidc=<result>`).
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, pathname } = useLocation();
  const [params] = useSearchParams();
  const oidc = useOidcConfig();
  const sessionEnded = sessionEndedOf(state);
  const goOn = returnToOf(state) ?? PAGE_PATHS.app;
  usePageTitle(t('login.submit'));
  if (getToken()) return <ToApp to={goOn} />;

  const onLoggedIn = () => navigate(goOn, { replace: true });
  const oidcResult = params.get(OIDC_QUERY);
  if (oidcResult === 'signedIn') return <OidcSessionTaker onLoggedIn={onLoggedIn} />;
  // Whether the password form shows at all depends on the answer (NESTBOX_OIDC_ONLY).
  if (oidc.isPending) return <CardLoader label={t('common.loading')} />;

  const name = providerName(oidc.data?.name, t);
  const oidcFailure =
    isOidcLoginResult(oidcResult) && oidcResult !== 'signedIn'
      ? t(`login.oidc.result.${oidcResult}`, { name })
      : undefined;
  const notice = sessionEnded ? t(`session.ended.${sessionEnded}`) : undefined;
  // `/` is where a newcomer lands: it says what Nestbox is, where `/login` welcomes back.
  const description = pathname === PAGE_PATHS.root ? t('login.about') : t('login.subtitle');

  if (oidc.data?.only)
    return <SingleSignOnOnly name={name} description={description} notice={notice} error={oidcFailure} />;
  return (
    <>
      <LoginForm description={description} notice={oidcFailure ?? notice} onLoggedIn={onLoggedIn} />
      {oidc.data?.enabled ? <SingleSignOnAlternative name={name} /> : null}
    </>
  );
}
