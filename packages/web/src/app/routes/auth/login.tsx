import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getToken } from '../../../lib/session';

/** `/` and `/login`. A visitor who still holds a session goes straight to the app. */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('login.submit'));
  if (getToken()) return <Navigate to={PAGE_PATHS.app} replace />;
  return <LoginForm onLoggedIn={() => navigate(PAGE_PATHS.app, { replace: true })} />;
}
