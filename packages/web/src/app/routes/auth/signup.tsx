import { useTranslation } from 'react-i18next';
import { CardLoader } from '../../../components/feedback/page-loader';
import { useOidcConfig } from '../../../features/auth/api/single-sign-on';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { SingleSignOnOnly } from '../../../features/auth/components/single-sign-on';
import { usePageTitle } from '../../../hooks/use-page-title';
import { providerName } from '../../../lib/provider-name';

/** `/signup`; where accounts come from single sign-on only (NESTBOX_OIDC_ONLY), its button instead. */
export function SignupRoute() {
  const { t } = useTranslation();
  const oidc = useOidcConfig();
  usePageTitle(t('signup.title'));
  if (oidc.isPending) return <CardLoader label={t('common.loading')} />;
  if (oidc.data?.only)
    return <SingleSignOnOnly name={providerName(oidc.data.name, t)} description={t('login.subtitle')} />;
  return <SignupForm />;
}
