import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/feedback/page-loader';
import { logout } from '../../features/auth/api/logout';
import { saveColorScheme } from '../../lib/color-scheme';
import {
  clearSession,
  getToken,
  returnToOf,
  type SessionEndedState,
  sessionEndedOf,
} from '../../lib/session';

/**
 * `/logout`: ends the session on the server (its token is revoked, its sockets close), forgets
 * the token, the user, their colours and their cached data, then goes to the login page. When
 * the server ended the session itself (router state `sessionEnded`), the login page says why;
 * the app page the person was on (`returnTo`) is where logging in again leads.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state } = useLocation();
  const sessionEnded = sessionEndedOf(state);
  const returnTo = returnToOf(state);

  useEffect(() => {
    const token = getToken();
    // A session the server ended has nothing left to revoke.
    if (token && !sessionEnded) void logout(token);
    clearSession();
    saveColorScheme(null);
    queryClient.clear();
    // This device's offline copy and its notifications go too (their code loads only now:
    // logged-out pages never need it).
    void import('../../lib/offline-cache').then(({ forgetOffline }) => forgetOffline()).catch(() => {});
    void import('../../lib/push')
      .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
      .catch(() => {});
    const loginState: SessionEndedState = { sessionEnded, returnTo };
    navigate(PAGE_PATHS.root, { replace: true, state: loginState });
  }, [navigate, queryClient, sessionEnded, returnTo]);

  return <PageLoader label={t('logout.pending')} />;
}
