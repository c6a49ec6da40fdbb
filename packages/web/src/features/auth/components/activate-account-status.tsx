import { Button, Stack } from '@mantine/core';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useResendActivationLink } from '../api/resend-activation-link';
import { useSpendLink } from '../api/spend-link';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';
import { PendingNotice } from './pending-notice';

/** Activates on arrival, then shows success, an invalid link, or an expired link with a re-send button. */
export function ActivateAccountStatus({ confirmHash }: { confirmHash: string }) {
  const { t } = useTranslation();
  const activation = useSpendLink('activate', confirmHash);
  const resend = useResendActivationLink();
  const expired = isApiError(activation.error) && activation.error.status === 410;
  // Opened again after it worked: the account is active, which is good news, not an error.
  const alreadyActive = isApiError(activation.error) && activation.error.status === 409;

  return (
    <Stack gap="md">
      <AuthHeading title={t('activate.title')} />
      {activation.isPending ? <PendingNotice label={t('activate.pending')} /> : null}
      {activation.isSuccess ? (
        <AuthNotice tone="success">{activation.data.message || t('activation.success')}</AuthNotice>
      ) : null}
      {activation.error ? (
        <AuthNotice tone={alreadyActive ? 'success' : expired ? 'warning' : 'error'}>
          {activation.error.message}
        </AuthNotice>
      ) : null}
      {expired && !resend.isSuccess ? (
        <Button
          leftSection={<IconMailForward size={18} />}
          loading={resend.isPending}
          onClick={() => resend.mutate({ confirmHash })}
          fullWidth
        >
          {t('activate.resend')}
        </Button>
      ) : null}
      {resend.isSuccess ? (
        <AuthNotice tone="success">{resend.data.message || t('activation.resent')}</AuthNotice>
      ) : null}
      {resend.error ? <AuthNotice tone="error">{resend.error.message}</AuthNotice> : null}
      {activation.isPending ? null : <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>}
    </Stack>
  );
}
