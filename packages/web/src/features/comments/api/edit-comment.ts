import { type Comment, CommentSchema, type WriteCommentBody } from '@nestbox/shared/comments/comments.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { changeThread, commentsKey } from './get-comments';

/**
 * `PATCH /api/comments/:commentId`: new words for the caller's own comment; 403
 * `comments.notYours` for anyone else's, 400 with `fields.body` for a blank or too long one.
 */
export function editComment({
  commentId,
  ...body
}: WriteCommentBody & { commentId: string }): Promise<Comment> {
  return apiRequest<Comment>(`/api/comments/${encodeURIComponent(commentId)}`, {
    method: 'PATCH',
    body,
    schema: import.meta.env.DEV ? CommentSchema : undefined,
  });
}

/** Saves an edit; a refusal means the thread here is out of date (the comment gone), so it is read again. */
export function useEditComment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editComment,
    onSuccess: (edited) =>
      changeThread(queryClient, itemId, (comments) =>
        comments.map((comment) => (comment.id === edited.id ? edited : comment)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: commentsKey(itemId) }),
  });
}
