import { lazy } from 'react';
import type { ItemSettingsSlots } from '../../features/items/components/item-settings-modal';
import { RemindersSection } from '../../features/reminders/components/reminders-section';
import { ShareSection } from '../../features/sharing/components/share-section';

/** The Repeat section and `rrule`, which it needs, load with the first Item settings opened. */
const RecurrenceSection = lazy(() =>
  import('../../features/recurrence/components/recurrence-section').then((module) => ({
    default: module.RecurrenceSection,
  })),
);

/** Item settings' sections that other features own: sharing, repeats and reminders. */
export const ITEM_SETTINGS_SLOTS: ItemSettingsSlots = {
  renderShare: (item, abilities) => <ShareSection itemId={item._id} abilities={abilities} />,
  renderRecurrence: (item, readonly) => <RecurrenceSection item={item} readonly={readonly} />,
  renderReminders: (item) => <RemindersSection itemId={item._id} readonly={!item.abilities.setReminders} />,
};
