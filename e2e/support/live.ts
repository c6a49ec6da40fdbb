import type { Page } from '@playwright/test';
import { gate } from './held-requests.js';

/** Resolves once the page's live socket receives a frame whose text passes `test`. */
function liveFrameReceived(page: Page, test: (payload: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', (frame) => {
        if (test(String(frame.payload))) resolve();
      });
    });
  });
}

/**
 * Resolves once the page's live socket is connected (socket.io's connect answer, a frame
 * starting with `40`). Call it before the page loads: the listener must be there first.
 */
export const liveSocketConnected = (page: Page): Promise<void> =>
  liveFrameReceived(page, (payload) => payload.startsWith('40'));

/**
 * Resolves once the page's live socket has received the event `name` (a socket.io event frame,
 * `42["name",…]`). Call it before the page loads.
 */
export const liveEventReceived = (page: Page, name: string): Promise<void> =>
  liveFrameReceived(page, (payload) => payload.startsWith(`42["${name}"`));

/**
 * Opens the app without its live socket (the app's `nestbox.stopSocket` switch), for a journey
 * that counts requests or ends the session behind the app's back: a socket's connect reads
 * again what the page had read, which such a journey would meet at a moment of its own.
 */
export async function withoutLiveSocket(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('nestbox.stopSocket', 'true'));
}

/**
 * A slow handshake: the page's live socket reaches the server only once the answered function
 * is called. Call it before the page loads.
 */
export async function holdLiveSocket(page: Page): Promise<() => void> {
  const { released, release } = gate();
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    await released;
    socket.connectToServer();
  });
  return release;
}
