import type { Item } from '@nestbox/shared/items/item.schema';
import type { ReactNode } from 'react';
import { closeItemSettings, useItemSettingsRequest } from '../hooks/use-item-settings';
import { ItemSettingsModal } from './item-settings-modal';

/**
 * The one Item settings modal of the app; anything (a pane row, the Organizer, the Reminders
 * list) opens it with `openItemSettings`. The app layout renders it and supplies the sections
 * that belong to other features.
 */
export function ItemSettingsHost({ renderReminders }: { renderReminders?: (item: Item) => ReactNode }) {
  const request = useItemSettingsRequest();
  if (!request) return null;
  return (
    <ItemSettingsModal
      key={request.itemId}
      itemId={request.itemId}
      scrollTo={request.scrollTo}
      focusSection={request.focus ?? false}
      onClose={closeItemSettings}
      renderReminders={renderReminders}
    />
  );
}
