import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a screen reader hears as a row is picked up, dropped or put back, for `PointerDnd`'s
 * `announce`: the same words in every list, kept the same object while the language stays.
 */
export function useDragAnnouncements() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      pickedUp: (title: string) => t('dnd.pickedUp', { title }),
      dropped: (title: string) => t('dnd.dropped', { title }),
      cancelled: (title: string) => t('dnd.cancelled', { title }),
    }),
    [t],
  );
}
