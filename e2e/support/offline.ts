import type { Page } from '@playwright/test';

/**
 * The offline copy the page saved in IndexedDB (lib/offline-cache), as saved: the screens and
 * the item changes waiting for the network; '' when there is none yet.
 */
export function savedCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('nestbox-offline');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) return resolve('');
          const read = db.transaction('cache').objectStore('cache').get('queries');
          read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : '');
          read.onerror = () => resolve('');
        };
      }),
  );
}
