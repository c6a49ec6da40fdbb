import { registerSW } from 'virtual:pwa-register';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';

/** How often an open tab asks whether a new version was deployed (the browser also asks on each visit). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered = false;

/**
 * Installs the service worker (the app shell for offline use and installing Nestbox as an
 * app) once a person is signed in; logged-out pages never load it. A new version waits
 * until the person chooses "Reload to update": the worker then takes over and the page
 * reloads, so a tab never runs a mix of the old version and the new.
 */
export function useAppUpdates(signedIn: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!signedIn || registered || !('serviceWorker' in navigator)) return;
    registered = true;
    // The worker downloads every built file once: not while the first screen is loading.
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    whenIdle(() => register({ ready: t('update.ready'), reload: t('update.reload') }), { timeout: 5_000 });
  }, [signedIn, t]);
}

/** Registers the worker; `labels` are the update notice's texts, in the person's language. */
function register(labels: { ready: string; reload: string }): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      notify({
        message: labels.ready,
        timeout: false,
        action: { label: labels.reload, onClick: () => void update(true) },
      }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
  });
}
