import { Center, Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';

/** `/logout`: forgets the token, the user and their cached data, then goes to the login page. */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    clearSession();
    modals.closeAll();
    queryClient.clear();
    navigate(PAGE_PATHS.root, { replace: true });
  }, [navigate, queryClient]);

  return (
    <Center mih="100dvh">
      <Loader aria-label={t('logout.pending')} />
    </Center>
  );
}
