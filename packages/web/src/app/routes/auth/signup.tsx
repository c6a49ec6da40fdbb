import { useTranslation } from 'react-i18next';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/signup`. */
export function SignupRoute() {
  const { t } = useTranslation();
  usePageTitle(t('signup.title'));
  return <SignupForm />;
}
