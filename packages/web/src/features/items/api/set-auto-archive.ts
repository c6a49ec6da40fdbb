import type { AutoArchiveBody, Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKey } from '../../../lib/api/items/get-item';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/items/auto-archive`: archive after an amount of time, or (amount null) never. */
export function setAutoArchive(body: AutoArchiveBody): Promise<Item> {
  return apiRequest<Item>('/api/items/auto-archive', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Sets or clears an item's auto-archive; the answer (with its expiry) goes into Item settings. */
export function useSetAutoArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoArchive,
    onSuccess: (item) => queryClient.setQueryData(itemKey(item._id), item),
  });
}
