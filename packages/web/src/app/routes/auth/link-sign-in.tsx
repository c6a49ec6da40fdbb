import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkSignInForm } from '../../../features/auth/components/link-sign-in-form';
import { usePageTitle } from '../../../hooks/use-page-title';
import { getToken } from '../../../lib/session';
import { ToApp } from './login';

/** `/link-sign-in`: single sign-on found an account with the same address; its password links the two. */
export function LinkSignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('login.oidc.link.pageTitle'));
  if (getToken()) return <ToApp />;
  return <LinkSignInForm onLoggedIn={() => navigate(PAGE_PATHS.app, { replace: true })} />;
}
