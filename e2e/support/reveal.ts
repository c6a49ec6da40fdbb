import type { Page } from '@playwright/test';

/**
 * The first row marked as revealed from now on, by item id and title. revealItem marks a row
 * for a moment only, which a busy machine could let pass between two looks: this watches for
 * the mark instead. Call it before the action that reveals.
 */
export function nextRevealed(page: Page): Promise<{ itemId: string; title: string }> {
  return page.evaluate(
    () =>
      new Promise<{ itemId: string; title: string }>((resolve) => {
        const observer = new MutationObserver(() => {
          const row = document.querySelector('[data-pane-id] [data-item-id][data-revealed]');
          if (!row) return;
          observer.disconnect();
          resolve({ itemId: row.getAttribute('data-item-id') ?? '', title: row.textContent ?? '' });
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributeFilter: ['data-revealed'],
        });
      }),
  );
}
