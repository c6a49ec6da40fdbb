import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useResendActivationLink } from '../../../features/auth/api/resend-activation-link';
import { loadResendActivationSchema } from '../../../features/auth/auth-schemas';
import { EmailRequestForm } from '../../../features/auth/components/email-request-form';
import { usePageTitle } from '../../../hooks/use-page-title';

/**
 * `/resend-activate-link/:value?`: asks for the sign-up address and e-mails a new activation
 * link. The optional value prefills the email when it is one.
 */
export function ResendActivateLinkRoute() {
  const { t } = useTranslation();
  const { value } = useParams();
  usePageTitle(t('resend.title'));
  return (
    <EmailRequestForm
      key={value ?? ''}
      schema={loadResendActivationSchema}
      useRequest={useResendActivationLink}
      initialValue={value}
      title={t('resend.title')}
      intro={t('resend.intro')}
      submitLabel={t('resend.submit')}
      sentMessage={t('activation.resent')}
      doneLinkLabel={t('auth.goToLogin')}
    />
  );
}
