import { Stack, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { LoadedList } from '../../../components/layout/loaded-list';
import { useComments } from '../api/get-comments';
import { CommentComposer } from './comment-composer';
import { CommentRow } from './comment-row';

interface CommentsSectionProps {
  itemId: string;
  /** The item's count of comments: as many skeletons (up to three) stand in while they load. */
  count: number;
}

/**
 * Item settings' Comments: the item's thread, oldest first, and a field to add to it. Everyone
 * who sees the item reads and writes here, readonly members too; each comment offers what its
 * reader may do with it. The thread follows others' writes live (app/layout/use-live-updates);
 * it is not kept for offline use, so offline it says so rather than load for ever.
 */
export function CommentsSection({ itemId, count }: CommentsSectionProps) {
  const { t } = useTranslation();
  const comments = useComments(itemId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="md" id={titleId}>
        {t('comments.title')}
      </Title>
      {waitsForNetwork(comments) ? (
        <NotAvailableOffline onRetry={() => void comments.refetch()} />
      ) : (
        <LoadedList
          query={comments}
          items={comments.data?.comments}
          label={t('comments.list')}
          loadFailed={t('comments.loadFailed')}
          empty={t('comments.empty')}
          skeletons={Math.min(count, 3) as 0 | 1 | 2 | 3}
        >
          {(comment) => (
            <CommentRow
              key={comment.id}
              comment={comment}
              itemId={itemId}
              editing={comment.id === editingId}
              onEdit={() => setEditingId(comment.id)}
              onEditEnd={() => setEditingId(null)}
              onDeleted={() => composer.current?.focus()}
            />
          )}
        </LoadedList>
      )}
      <CommentComposer itemId={itemId} fieldRef={composer} />
    </Stack>
  );
}
