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

/** What a reminder notification carries (see the server's push module): already in the person's language. */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A reminder fired: show it, even with no Nestbox tab open. */
self.addEventListener('push', (event) => {
  const payload = event.data?.json() as PushPayload | undefined;
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/** A click opens the item: in a Nestbox window already open (brought forward), else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/app', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        await open.focus();
        await open.navigate(url.href);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
