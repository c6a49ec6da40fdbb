import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivateAccountStatus } from '../../../features/auth/components/activate-account-status';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/activate-account/:confirmHash`. */
export function ActivateAccountRoute() {
  const { t } = useTranslation();
  const { confirmHash = '' } = useParams();
  usePageTitle(t('activate.title'));
  return <ActivateAccountStatus key={confirmHash} confirmHash={confirmHash} />;
}
