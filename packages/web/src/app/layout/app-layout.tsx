import { LoadBoundary, retryableLazy } from '../../components/errors/load-boundary';
import './mantine-app.css';
import { AppShell } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Z_INDEX } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/feedback/page-loader';
import { TagActionContext } from '../../components/rich-text/rich-text';
// Slack link result notice
import { useOidcLinkNotice } from '../../features/settings/hooks/use-oidc-link-notice';
import { useSlackLinkNotice } from '../../features/settings/hooks/use-slack-link-notice';
import { useAccountColorScheme } from '../../hooks/use-color-scheme';
import { useItemSettingsRequest } from '../../hooks/use-item-settings';
import { useOpenedOnce } from '../../hooks/use-opened-once';
import { useWorkspaceLayout } from '../../hooks/use-preferences';
import { useSessionToken } from '../../hooks/use-session-token';
import { getUserQueryOptions } from '../../lib/api/get-user';
import { isApiError } from '../../lib/api-client';
import { changeLocale, currentLocale } from '../../lib/i18n';
import { showNotificationKeptForReload } from '../../lib/notify';
import { saveTooltipsEnabled } from '../../lib/preferences';
import { resyncPush } from '../../lib/push';
import type { SessionEndedState } from '../../lib/session';
import { SHORTCUT_KEYS, useShortcutsEnabled, useShortcutsHelpOpen } from '../../lib/shortcuts';
import { useUndo } from '../../lib/undo';
import { ConnectionStatus } from '../offline/connection-status';
import { useAppUpdates } from '../offline/use-app-updates';
import { useOfflineCopy } from '../offline/use-offline-copy';
import { AppHeader } from './app-header';
import { useGlobalShortcuts } from './use-global-shortcuts';
import { useLiveUpdates } from './use-live-updates';
import { useOpenTag } from './use-open-tag';

/**
 * Item settings and the sections other features give it (sharing, reminders, comments…):
 * loaded the first time one opens, as none is on the first screen. Once loaded it stays, so
 * it opens at once after that and closes as dialogs do.
 */
const ItemSettings = retryableLazy(async () => ({
  default: (await import('./item-settings-slots')).ItemSettings,
}));

/**
 * A dialog's code, fetched the first time it opens; once loaded it stays, so the dialog opens
 * at once after that and closes as dialogs do (giving the focus back).
 */
function LoadedOnceOpened({
  opened,
  part: Part,
}: {
  opened: boolean;
  part: ReturnType<typeof retryableLazy>;
}) {
  return useOpenedOnce(opened) ? (
    <LoadBoundary retry={Part.retry}>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </LoadBoundary>
  ) : null;
}

function ItemSettingsWhenOpened() {
  return <LoadedOnceOpened opened={useItemSettingsRequest() !== null} part={ItemSettings} />;
}

/** The shortcuts' help, loaded the first time it opens. */
const ShortcutsHelp = retryableLazy(async () => ({
  default: (await import('./shortcuts-help')).ShortcutsHelp,
}));

/**
 * The keys every signed-in page answers (go to a page, show the shortcuts, undo), and their
 * help. Rendered once the user is loaded: the switch reads their Customizations.
 */
function KeyboardShortcuts() {
  useGlobalShortcuts();
  // Ctrl+Z (Cmd+Z on a Mac) undoes this tab's latest change; in a field, the browser's own
  // undo of the text applies instead. A key held down undoes once.
  const { undoLatest } = useUndo();
  const shortcutsEnabled = useShortcutsEnabled();
  useHotkeys(shortcutsEnabled ? [[SHORTCUT_KEYS.undo, (event) => !event.repeat && undoLatest()]] : []);
  return <LoadedOnceOpened opened={useShortcutsHelpOpen()} part={ShortcutsHelp} />;
}

/**
 * Every `/app` page, and what only they use (confirmation modals). It re-renders on each location change (it reads the location), and each
 * render reads the token from local storage again: with no token, the visitor goes to
 * /logout, which lands on the login page (SPEC §2). A logout in another tab does the same.
 *
 * With a token, it loads the user before showing any page, and speaks the user's language.
 * A failed load logs out (SPEC §4, §8): an HTTP 401 already sends the browser to /logout
 * from the API client; any other failure (after the client's retries) does it here. When
 * the network is down, or the server cannot be reached, the copy this device saved opens
 * instead (see useOfflineCopy); only with no copy does the failure log out.
 */
export function AppLayout() {
  const location = useLocation();
  const { t } = useTranslation();
  const token = useSessionToken();
  const layout = useWorkspaceLayout();
  const user = useQuery({ ...getUserQueryOptions(), enabled: token !== null });
  const unreachable =
    user.isError && isApiError(user.error) && user.error.status === 0 && !user.error.canceled;
  const offlineCopy = useOfflineCopy({ userId: user.data?.id, unreachable });
  useAppUpdates(user.isSuccess);
  // A device notified of reminders is told again under each new session (a password change's too).
  useEffect(() => {
    if (token && user.isSuccess) void resyncPush().catch(() => {});
  }, [token, user.isSuccess]);
  useLiveUpdates(user.isSuccess ? token : null);
  const openTag = useOpenTag();
  const locale = user.data?.locale;
  const localeDiffers = locale !== undefined && locale !== currentLocale();

  useEffect(() => {
    if (localeDiffers && locale) void changeLocale(locale);
  }, [localeDiffers, locale]);

  // The account's tooltip choice wins over this device's copy (which the theme reads).
  const tooltipsEnabled = user.data?.workspace.settings.tooltipsEnabled;
  useEffect(() => {
    if (tooltipsEnabled !== undefined) saveTooltipsEnabled(tooltipsEnabled);
  }, [tooltipsEnabled]);

  // The account's colours, and this device's copy of them (logged-out pages follow the device).
  useAccountColorScheme(user.data?.customizations.colorScheme);

  const ready = user.data !== undefined && !localeDiffers;
  useEffect(() => {
    if (ready) showNotificationKeptForReload();
  }, [ready]);
  useSlackLinkNotice(ready);
  useOidcLinkNotice(ready);

  const loggedOut = !token || (user.isError && !user.data && (!unreachable || offlineCopy === 'restored'));
  if (loggedOut) {
    // Logged out on the way to an app page: after logging in, the person goes on there.
    const state: SessionEndedState = { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to={PAGE_PATHS.logout} replace state={state} />;
  }
  if (!ready)
    return (
      <>
        <PageLoader label={t('app.loadingAccount')} />
        <ConnectionStatus />
      </>
    );

  return (
    <ModalsProvider
      modalProps={{
        zIndex: Z_INDEX.modal,
        centered: true,
        // The provider forgets a confirmation's title as it closes: close at once, so no
        // dialog is ever shown without its name.
        transitionProps: { exitDuration: 0 },
      }}
    >
      <TagActionContext.Provider value={openTag}>
        <AppShell header={{ height: 60 }} padding="md">
          <AppShell.Header>
            <AppHeader />
          </AppShell.Header>
          <AppShell.Main data-layout={layout} bg="var(--nestbox-page-bg)">
            <Outlet />
          </AppShell.Main>
          <ItemSettingsWhenOpened />
          <KeyboardShortcuts />
          <ConnectionStatus />
        </AppShell>
      </TagActionContext.Provider>
    </ModalsProvider>
  );
}
