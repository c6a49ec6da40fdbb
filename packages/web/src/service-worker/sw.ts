import { isKnownPagePath } from '@nestbox/shared/routes';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/**
 * The app shell, offline: every built script, style sheet and icon is kept (the list comes
 * from the build), and any page of the app is answered with the one page the server sends
 * for all of them, so Nestbox opens with no network. Nothing of the API is kept here: what
 * the screens last showed is the web app's own copy (lib/offline-cache.ts).
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isKnownPagePath(url.pathname),
  createHandlerBoundToURL('/'),
);

/** A new version waits for the page's "Reload to update" (see app/offline/use-app-updates.ts). */
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
