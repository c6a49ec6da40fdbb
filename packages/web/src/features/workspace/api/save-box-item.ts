import { type Item, ItemSchema, type SaveBoxItemBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALL_ITEMS_FOR_PANE_KEY } from '../../../lib/api/items/get-items-for-pane';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/items/save-box-item`: renames a box (400 with `fields.title` for a reserved name). */
export function saveBoxItem(body: SaveBoxItemBody): Promise<Item> {
  return apiRequest<Item>('/api/items/save-box-item', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Renames a box; its title shows in its own pane and as a row of its parent's, so both refetch. */
export function useSaveBoxItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBoxItem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ALL_ITEMS_FOR_PANE_KEY }),
        queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions().queryKey }),
      ]),
  });
}
