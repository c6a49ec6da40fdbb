import { closeItemSettings, useItemSettingsRequest } from '../../../hooks/use-item-settings';
import { ItemSettingsModal, type ItemSettingsSlots } from './item-settings-modal';

/**
 * The one Item settings modal of the app; anything (a pane row, the Organizer, the Reminders
 * list) opens it with `openItemSettings`. The app layout renders it and supplies the sections
 * that belong to other features.
 */
export function ItemSettingsHost({ slots }: { slots: ItemSettingsSlots }) {
  const request = useItemSettingsRequest();
  if (!request) return null;
  return (
    <ItemSettingsModal
      key={request.itemId}
      itemId={request.itemId}
      scrollTo={request.scrollTo}
      focusSection={request.focus ?? false}
      onClose={closeItemSettings}
      slots={slots}
    />
  );
}
