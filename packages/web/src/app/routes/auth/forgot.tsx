import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/forgot`. */
export function ForgotRoute() {
  const { t } = useTranslation();
  usePageTitle(t('forgot.title'));
  return <ForgotPasswordForm />;
}
