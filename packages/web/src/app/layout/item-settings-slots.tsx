import { Skeleton } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { LoadBoundary, retryableLazy } from '../../components/errors/load-boundary';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { ItemSettingsHost } from '../../features/items/components/item-settings-host';
import type { ItemSettingsSlots } from '../../features/items/components/item-settings-modal';
import { RemindersSection } from '../../features/reminders/components/reminders-section';
import { ShareSection } from '../../features/sharing/components/share-section';
import classes from './item-settings-slots.module.css';

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

/** A section whose code loads on its own: a stand-in of its height meanwhile, and Retry should it fail. */
function LazySection({
  retry,
  section,
  children,
}: {
  retry: () => void;
  /** Which section: its stand-in is as tall as it is drawn empty (the CSS module). */
  section: 'recurrence' | 'attachments' | 'history';
  children: ReactNode;
}) {
  return (
    <LoadBoundary retry={retry}>
      <Suspense fallback={<Skeleton className={classes[section]} radius="sm" aria-hidden="true" />}>
        {children}
      </Suspense>
    </LoadBoundary>
  );
}

/** Item settings' sections that other features own: sharing, repeats, reminders, comments, attachments and history. */
export const ITEM_SETTINGS_SLOTS: ItemSettingsSlots = {
  renderShare: (item, abilities) => <ShareSection itemId={item._id} abilities={abilities} />,
  renderRecurrence: (item, readonly) => (
    <LazySection retry={RecurrenceSection.retry} section="recurrence">
      <RecurrenceSection item={item} readonly={readonly} />
    </LazySection>
  ),
  renderReminders: (item) => <RemindersSection itemId={item._id} readonly={!item.abilities.setReminders} />,
  renderComments: (item) => <CommentsSection itemId={item._id} count={item.commentCount} />,
  renderAttachments: (item) => (
    <LazySection retry={AttachmentsSection.retry} section="attachments">
      <AttachmentsSection itemId={item._id} canAttach={item.abilities.edit} />
    </LazySection>
  ),
  renderHistory: (item) => (
    <LazySection retry={HistorySection.retry} section="history">
      <HistorySection itemId={item._id} />
    </LazySection>
  ),
};

/** The app's one Item settings, with the sections above. */
export function ItemSettings() {
  return <ItemSettingsHost slots={ITEM_SETTINGS_SLOTS} />;
}
