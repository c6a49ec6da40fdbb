import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PasswordReset } from '../../../features/auth/components/password-reset-form';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/password-reset/:verifyId`. */
export function PasswordResetRoute() {
  const { t } = useTranslation();
  const { verifyId = '' } = useParams();
  usePageTitle(t('reset.title'));
  return <PasswordReset key={verifyId} verifyId={verifyId} />;
}
