import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getToken, returnToOf, sessionEndedOf } from '../../../lib/session';

/**
 * `/` and `/login`. A visitor who still holds a session goes straight to the app; one whose
 * session the server just ended is told why. After logging in, the person goes on to the app
 * page they were sent here from, if any.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, pathname } = useLocation();
  const sessionEnded = sessionEndedOf(state);
  const goOn = returnToOf(state) ?? PAGE_PATHS.app;
  usePageTitle(t('login.submit'));
  if (getToken()) return <Navigate to={PAGE_PATHS.app} replace />;
  return (
    <LoginForm
      // `/` is where a newcomer lands: it says what Nestbox is, where `/login` welcomes back.
      description={pathname === PAGE_PATHS.root ? t('login.about') : t('login.subtitle')}
      notice={sessionEnded ? t(`session.ended.${sessionEnded}`) : undefined}
      onLoggedIn={() => navigate(goOn, { replace: true })}
    />
  );
}
