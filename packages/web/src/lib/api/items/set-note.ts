import { type Item, ItemSchema, type SetNoteBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { itemChange } from '../../item-changes';
import { patchItemEverywhere, refetchItemViews, restoreSnapshot } from './item-cache';

/** `PUT /api/items/set-note`: an item's note (Markdown); an empty one removes it. */
export function setNote(body: SetNoteBody): Promise<Item> {
  return apiRequest<Item>('/api/items/set-note', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/**
 * Saves an item's note through the item-change queue, so a note written offline waits and
 * survives a reload: it shows at once wherever the item shows, is put back if the server
 * refuses it, and every view refetches once it settled.
 */
export function useSetNote() {
  const queryClient = useQueryClient();
  return useMutation({
    ...itemChange('note'),
    mutationFn: setNote,
    onMutate: async ({ itemId, note }: SetNoteBody) => ({
      before: await patchItemEverywhere(queryClient, itemId, { note: note.trim() === '' ? '' : note }),
    }),
    onError: (_error, _body, context) => restoreSnapshot(queryClient, context?.before),
    onSettled: (_data, _error, { itemId }) => refetchItemViews(queryClient, itemId),
  });
}
