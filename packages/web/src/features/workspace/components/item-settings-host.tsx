import { closeItemSettings, useItemSettingsRequest } from '../hooks/use-item-settings';
import { ItemSettingsModal } from './item-settings-modal';

/** The one Item settings modal of the page; anything opens it with `openItemSettings`. */
export function ItemSettingsHost() {
  const request = useItemSettingsRequest();
  if (!request) return null;
  return (
    <ItemSettingsModal
      key={request.itemId}
      itemId={request.itemId}
      scrollTo={request.scrollTo}
      onClose={closeItemSettings}
      // Integrator: the Reminders section goes here, e.g. remindersSection={<ItemReminders itemId={request.itemId} />}.
    />
  );
}
