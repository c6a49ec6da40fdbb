import type { UpdateItemBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchItemEverywhere, refetchItemViews, restoreSnapshot } from './item-cache';
import { updateItem } from './update-item';

/**
 * `PUT /api/items/update-item` for any item (favourite, prioritizable, target date): the change
 * shows at once everywhere the item shows and is put back if the server refuses it.
 */
export function useUpdateItemFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onMutate: async ({ itemId, ...fields }: UpdateItemBody) => {
      const patch = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      return { before: await patchItemEverywhere(queryClient, itemId, patch) };
    },
    onError: (_error, _body, context) => restoreSnapshot(queryClient, context?.before),
    onSettled: (_data, _error, { itemId }) => refetchItemViews(queryClient, itemId),
  });
}
