import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResendActivationForm } from '../../../features/auth/components/resend-activation-form';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/resend-activate-link/:value?` — the optional value prefills the email when it is one. */
export function ResendActivateLinkRoute() {
  const { t } = useTranslation();
  const { value } = useParams();
  usePageTitle(t('resend.title'));
  return <ResendActivationForm key={value ?? ''} initialValue={value} />;
}
