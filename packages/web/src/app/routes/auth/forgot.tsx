import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '../../../features/auth/api/forgot-password';
import { loadForgotSchema } from '../../../features/auth/auth-schemas';
import { EmailRequestForm } from '../../../features/auth/components/email-request-form';
import { usePageTitle } from '../../../hooks/use-page-title';

/** `/forgot`: one email box and 'Send Reminder Email'; on success, the server's confirmation. */
export function ForgotRoute() {
  const { t } = useTranslation();
  usePageTitle(t('forgot.title'));
  return (
    <EmailRequestForm
      schema={loadForgotSchema}
      useRequest={useForgotPassword}
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      submitLabel={t('forgot.submit')}
      sentMessage={t('forgot.sent')}
      doneLinkLabel={t('auth.backToLogin')}
    />
  );
}
