import { useWindowEvent } from '@mantine/hooks';

/**
 * Escape closes a dialog only when pressed in the dialog itself (or with the focus nowhere): a
 * confirmation or a dialog opened above it takes that Escape alone, where Mantine's
 * window-wide handler would close both. For a Mantine Modal given `id={dialogId}` and
 * `closeOnEscape={false}`; a control marked `data-mantine-stop-propagation` keeps its Escape.
 */
export function useOwnEscape(dialogId: string, opened: boolean, close: () => void): void {
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !opened || event.defaultPrevented || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : document.body;
    const dialog = target.closest('[role="dialog"]');
    const inside = dialog?.getAttribute('aria-labelledby') === `${dialogId}-title`;
    // Focus lost to the page (nothing focused) still closes it, as Mantine's own handler did.
    if (!inside && target !== document.body) return;
    if (target.getAttribute('data-mantine-stop-propagation') === 'true') return;
    close();
  });
}
