import { type Item, ItemSchema, type UpdateSettingBody } from '@nestbox/shared/items/item.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/items/update-setting`: one of a box's own settings. */
export function updateSetting(body: UpdateSettingBody): Promise<Item> {
  return apiRequest<Item>('/api/items/update-setting', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Flips a box setting at once (the switch follows), then refetches the box's pane. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onMutate: async ({ itemId, settingKey, settingValue }) => {
      const key = itemsForPaneKey(itemId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ItemsForPane>(key);
      if (before) {
        const settings = { ...before.item.settings, [settingKey]: settingValue };
        queryClient.setQueryData<ItemsForPane>(key, { ...before, item: { ...before.item, settings } });
      }
      return { before };
    },
    onError: (_error, { itemId }, context) => {
      if (context?.before) queryClient.setQueryData(itemsForPaneKey(itemId), context.before);
    },
    onSettled: (_data, _error, { itemId }) =>
      queryClient.invalidateQueries({ queryKey: itemsForPaneKey(itemId) }),
  });
}
