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
  getEndSessionUrl,
  getToken,
  returnToOf,
  type SessionEndedState,
  sessionEndedOf,
} from '../../lib/session';

/**
 * `/logout`: ends the session on the server (its token is revoked, its sockets close), forgets
 * the token, the user, their colours and their cached data, then goes to the login page. When
 * the server ended the session itself (router state `sessionEnded`), the login page says why;
 * the app page the person was on (`returnTo`) is where logging in again leads. After a session
 * made by single sign-on, the browser goes on to the provider's end-session page instead.
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
    // A session made by single sign-on ends at the provider too (RP-initiated logout), once
    // Nestbox's own has ended; a session the server ended leaves the provider's alone.
    const endSessionUrl = sessionEnded ? null : getEndSessionUrl();
    // A session the server ended has nothing left to revoke.
    const revoked = token && !sessionEnded ? logout(token) : Promise.resolve();
    clearSession();
    saveColorScheme(null);
    queryClient.clear();
    // This device's offline copy and its notifications go too (their code loads only now:
    // logged-out pages never need it).
    void import('../../lib/offline-cache').then(({ forgetOffline }) => forgetOffline()).catch(() => {});
    void import('../../lib/push')
      .then(({ forgetPushOnThisDevice }) => forgetPushOnThisDevice())
      .catch(() => {});
    if (endSessionUrl) {
      void revoked.then(() => window.location.assign(endSessionUrl));
      return;
    }
    const loginState: SessionEndedState = { sessionEnded, returnTo };
    navigate(PAGE_PATHS.root, { replace: true, state: loginState });
  }, [navigate, queryClient, sessionEnded, returnTo]);

  return <PageLoader label={t('logout.pending')} />;
}
