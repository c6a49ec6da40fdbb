import { Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import { LoadBoundary, retryableLazy } from '../../components/errors/load-boundary';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { ItemSettingsHost } from '../../features/items/components/item-settings-host';
import type { ItemSettingsSlots } from '../../features/items/components/item-settings-modal';
import { RemindersSection } from '../../features/reminders/components/reminders-section';
import { ShareSection } from '../../features/sharing/components/share-section';

/** The Repeat section and `rrule`, which it needs, load with the first Item settings opened. */
const RecurrenceSection = retryableLazy(async () => ({
  default: (await import('../../features/recurrence/components/recurrence-section')).RecurrenceSection,
}));

/** Item settings' sections that other features own: sharing, repeats, reminders and comments. */
export const ITEM_SETTINGS_SLOTS: ItemSettingsSlots = {
  renderShare: (item, abilities) => <ShareSection itemId={item._id} abilities={abilities} />,
  renderRecurrence: (item, readonly) => (
    <LoadBoundary retry={RecurrenceSection.retry}>
      <Suspense fallback={<Skeleton height={64} radius="sm" aria-hidden="true" />}>
        <RecurrenceSection item={item} readonly={readonly} />
      </Suspense>
    </LoadBoundary>
  ),
  renderReminders: (item) => <RemindersSection itemId={item._id} readonly={!item.abilities.setReminders} />,
  renderComments: (item) => <CommentsSection itemId={item._id} count={item.commentCount} />,
};

/** The app's one Item settings, with the sections above. */
export function ItemSettings() {
  return <ItemSettingsHost slots={ITEM_SETTINGS_SLOTS} />;
}
