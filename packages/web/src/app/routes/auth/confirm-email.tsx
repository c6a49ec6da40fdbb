import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfirmEmailStatus } from '../../../features/auth/components/confirm-email-status';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/confirm-email/:confirmHash`. */
export function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const { confirmHash = '' } = useParams();
  usePageTitle(t('confirmEmail.title'));
  return <ConfirmEmailStatus key={confirmHash} confirmHash={confirmHash} />;
}
