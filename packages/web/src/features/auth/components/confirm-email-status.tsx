import { Stack } from '@mantine/core';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useSpendLink } from '../api/spend-link';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';
import { PendingNotice } from './pending-notice';

/** Confirms a new e-mail address on arrival, then says whether the change was made. */
export function ConfirmEmailStatus({ confirmHash }: { confirmHash: string }) {
  const { t } = useTranslation();
  const confirmation = useSpendLink('confirm-email', confirmHash);
  const expired = isApiError(confirmation.error) && confirmation.error.status === 410;

  return (
    <Stack gap="md">
      <AuthHeading title={t('confirmEmail.title')} />
      {confirmation.isPending ? <PendingNotice label={t('confirmEmail.pending')} /> : null}
      {confirmation.isSuccess ? <AuthNotice tone="success">{confirmation.data.message}</AuthNotice> : null}
      {confirmation.error ? (
        <AuthNotice tone={expired ? 'warning' : 'error'}>{confirmation.error.message}</AuthNotice>
      ) : null}
      {confirmation.isPending ? null : <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>}
    </Stack>
  );
}
