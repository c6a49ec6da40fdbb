import { useState } from 'react';

/**
 * Whether something loaded on demand (a dialog's code) has been opened at least once: it then
 * stays mounted, so it closes as dialogs do, and opens at once the next time.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(false);
  if (opened && !openedOnce) setOpenedOnce(true);
  return openedOnce || opened;
}
