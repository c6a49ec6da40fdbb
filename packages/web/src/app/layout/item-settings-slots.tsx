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

/** The Attachments section loads when Item settings first shows it. */
const AttachmentsSection = retryableLazy(async () => ({
  default: (await import('../../features/attachments/components/attachments-section')).AttachmentsSection,
}));

/** The History section loads when Item settings first shows it. */
const HistorySection = retryableLazy(async () => ({
  default: (await import('../../features/history/components/history-section')).HistorySection,
}));

/** Item settings' sections that other features own: sharing, repeats, reminders, comments, attachments and history. */
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
  renderAttachments: (item) => (
    <LoadBoundary retry={AttachmentsSection.retry}>
      <Suspense fallback={<Skeleton height={64} radius="sm" aria-hidden="true" />}>
        <AttachmentsSection itemId={item._id} canAttach={item.abilities.edit} />
      </Suspense>
    </LoadBoundary>
  ),
  renderHistory: (item) => (
    <LoadBoundary retry={HistorySection.retry}>
      <Suspense fallback={<Skeleton height={64} radius="sm" aria-hidden="true" />}>
        <HistorySection itemId={item._id} />
      </Suspense>
    </LoadBoundary>
  ),
};

/** The app's one Item settings, with the sections above. */
export function ItemSettings() {
  return <ItemSettingsHost slots={ITEM_SETTINGS_SLOTS} />;
}
