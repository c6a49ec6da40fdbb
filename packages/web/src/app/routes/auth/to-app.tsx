import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { CardLoader } from '../../../components/feedback/page-loader';

/**
 * A logged-out page seen with a session held (just signed in, or come back to): it goes on to
 * the app (the page `to` of it), and the card keeps a heading while the app's code loads on
 * the way there.
 */
export function ToApp({ to = PAGE_PATHS.app }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Navigate to={to} replace />
      <CardLoader label={t('common.loading')} />
    </>
  );
}
