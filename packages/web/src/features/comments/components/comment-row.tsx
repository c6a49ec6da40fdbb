import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Comment } from '@nestbox/shared/comments/comments.schema';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, type Ref, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../components/feedback/confirm';
import classes from '../../../components/layout/icon-action.module.css';
import { NoteText } from '../../../components/rich-text/note-text';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useDeleteComment } from '../api/delete-comment';
import { CommentByline } from './comment-byline';
import { CommentEditor } from './comment-editor';

/** One of a comment's icon buttons, named (and its tooltip worded) by `label`. */
function CommentAction({
  label,
  onClick,
  loading,
  buttonRef,
  children,
}: {
  label: string;
  onClick: () => void;
  loading?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        className={classes.action}
        aria-label={label}
        onClick={onClick}
        loading={loading}
        ref={buttonRef}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

interface CommentRowProps {
  comment: Comment;
  itemId: string;
  /** Its words are being edited in place. */
  editing: boolean;
  onEdit: () => void;
  onEditEnd: () => void;
  /** It was deleted: the focus, which was on its Delete, needs a new place. */
  onDeleted: () => void;
}

/**
 * One comment of the thread: its byline, its words through the notes' safe renderer, and what
 * the caller may do with it (Edit: its author; Delete: its author, or an owner of the item,
 * after asking).
 */
export function CommentRow({ comment, itemId, editing, onEdit, onEditEnd, onDeleted }: CommentRowProps) {
  const { t } = useTranslation();
  const remove = useDeleteComment(itemId);
  const notifyFailure = useNotifyFailure();
  const editButton = useRef<HTMLButtonElement>(null);
  const author = comment.author?.name ?? t('comments.authorGone');
  const editLabel = t('comments.edit');
  const deleteLabel = comment.canEdit ? t('comments.deleteOwn') : t('comments.deleteOf', { name: author });

  const handleEditEnd = () => {
    onEditEnd();
    // Back on Edit once the field is gone.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const handleDelete = () =>
    confirmDanger({
      title: t('comments.deleteTitle'),
      body: t('comments.deleteBody'),
      confirmLabel: t('comments.delete'),
      onConfirm: () => remove.mutate(comment.id, { onSuccess: onDeleted, onError: (e) => notifyFailure(e) }),
    });

  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" data-comment={comment.id}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <CommentByline comment={comment} author={author} />
          {!editing && (
            <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
              {comment.canEdit && (
                <CommentAction label={editLabel} onClick={onEdit} buttonRef={editButton}>
                  <IconPencil size={16} stroke={1.7} />
                </CommentAction>
              )}
              {comment.canDelete && (
                <CommentAction label={deleteLabel} onClick={handleDelete} loading={remove.isPending}>
                  <IconTrash size={16} stroke={1.7} />
                </CommentAction>
              )}
            </Group>
          )}
        </Group>
        {editing ? (
          <CommentEditor comment={comment} itemId={itemId} onDone={handleEditEnd} />
        ) : (
          <Text component="div" size="sm">
            <NoteText note={comment.body} />
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
