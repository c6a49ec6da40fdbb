import { Center, Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { clearSession, getToken, type SessionEndedState, sessionEndedOf } from '../../lib/session';

/**
 * `/logout`: ends the session on the server (its token is revoked, its sockets close), forgets
 * the token, the user and their cached data, then goes to the login page. When the server
 * ended the session itself (router state `sessionEnded`), the login page says why.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state } = useLocation();
  const sessionEnded = sessionEndedOf(state);

  useEffect(() => {
    const token = getToken();
    // A session the server ended has nothing left to revoke.
    if (token && !sessionEnded) void logout(token);
    clearSession();
    modals.closeAll();
    queryClient.clear();
    const loginState: SessionEndedState | undefined = sessionEnded ? { sessionEnded } : undefined;
    navigate(PAGE_PATHS.root, { replace: true, state: loginState });
  }, [navigate, queryClient, sessionEnded]);

  return (
    <Center mih="100dvh">
      <Loader role="status" aria-label={t('logout.pending')} />
    </Center>
  );
}
