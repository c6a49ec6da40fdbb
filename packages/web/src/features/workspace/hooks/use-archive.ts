import type { Item } from '@nestbox/shared/items/item.schema';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useArchiveItem } from '../api/archive-item';
import { notifyArchived } from '../components/archived-notice';

/**
 * The one archive flow, wherever it starts (the hover menu, Item settings, Box settings): no
 * confirmation, because archiving is undone in one click: the item leaves at once and
 * 'Item archived. Restore…' offers the way back; a refusal puts it back and says so.
 */
export function useArchive() {
  const { t } = useTranslation();
  const archiveItem = useArchiveItem();
  const notifyFailure = useNotifyFailure();
  const archive = (item: Pick<Item, '_id'>, { onArchived }: { onArchived?: () => void } = {}) =>
    // The outcome comes from the promise: the row that started it may already be gone.
    archiveItem.mutateAsync(item._id).then(
      () => {
        onArchived?.();
        notifyArchived(item._id, t);
      },
      (error: unknown) => notifyFailure(error, 'error.generic'),
    );
  return { archive, isPending: archiveItem.isPending };
}
