import type { Item } from '@nestbox/shared/items/item.schema';
import { useTranslation } from 'react-i18next';
import { useArchiveItem } from '../lib/api/items/archive-item';
import { useOfferUndo } from '../lib/undo';
import { useNotifyFailure } from './use-notify-failure';

/**
 * The one archive flow, wherever it starts (the hover menu, Item settings, Box settings): no
 * confirmation, because archiving is undone in one click: the item leaves at once and
 * 'Item archived.' offers Undo (the server brings it back where it was, with the panes that
 * showed it); a refusal puts it back and says so.
 */
export function useArchive() {
  const { t } = useTranslation();
  const archiveItem = useArchiveItem();
  const notifyFailure = useNotifyFailure();
  const offerUndo = useOfferUndo();
  const archive = (item: Pick<Item, '_id'>, { onArchived }: { onArchived?: () => void } = {}) =>
    // The outcome comes from the promise: the row that started it may already be gone.
    archiveItem.mutateAsync(item._id).then(
      ({ undoId }) => {
        onArchived?.();
        offerUndo(undoId, t('itemMenu.archived'));
      },
      (error: unknown) => notifyFailure(error, 'error.generic'),
    );
  return { archive, isPending: archiveItem.isPending };
}
