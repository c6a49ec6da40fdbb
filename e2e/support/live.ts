import type { Page } from '@playwright/test';

/**
 * Resolves once the page's live socket is connected (socket.io's connect answer, a frame
 * starting with `40`). Call it before the page loads: the listener must be there first.
 */
export function liveSocketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
}
