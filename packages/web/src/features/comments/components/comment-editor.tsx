import { Button, Group, Stack } from '@mantine/core';
import type { Comment } from '@nestbox/shared/comments/comments.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditComment } from '../api/edit-comment';
import { useMentionablePeople } from '../api/get-mentionable-people';
import { mentionedIn } from '../lib/mentions';
import { CommentField } from './comment-field';

/**
 * One's own comment edited where it stands: Save (or Ctrl+Enter) keeps the new words, Cancel
 * (or Escape, which leaves Item settings open) the old ones. A refusal shows under the field,
 * the words kept.
 */
export function CommentEditor({
  comment,
  itemId,
  onDone,
}: {
  comment: Comment;
  itemId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(comment.body);
  const edit = useEditComment(itemId);
  const people = useMentionablePeople(itemId);
  const blank = draft.trim() === '';

  const handleSave = () => {
    if (blank || edit.isPending) return;
    if (draft === comment.body) return onDone();
    // Whoever the words name among those who see the item (until they are known, those it named).
    const named = mentionedIn(draft, people ?? comment.mentions);
    edit.mutate({ commentId: comment.id, body: draft, mentions: named }, { onSuccess: onDone });
  };

  return (
    <Stack gap="xs">
      <CommentField
        label={t('comments.editField')}
        hideLabel
        value={draft}
        onChange={(text) => {
          setDraft(text);
          if (edit.isError) edit.reset();
        }}
        onSubmit={handleSave}
        onEscape={onDone}
        error={edit.error}
        autoFocus
        people={people ?? []}
      />
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button size="xs" onClick={handleSave} loading={edit.isPending} disabled={blank}>
          {t('comments.save')}
        </Button>
      </Group>
    </Stack>
  );
}
