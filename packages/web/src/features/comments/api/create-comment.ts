import { type Comment, CommentSchema, type WriteCommentBody } from '@nestbox/shared/comments/comments.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { changeThread } from './get-comments';

/**
 * `POST /api/items/:itemId/comments`: a comment by the caller, who may be of any level that
 * reads the item. 400 with `fields.body` for a blank or too long one, 409 `comments.tooMany`.
 */
export function createComment({ itemId, ...body }: WriteCommentBody & { itemId: string }): Promise<Comment> {
  return apiRequest<Comment>(`/api/items/${encodeURIComponent(itemId)}/comments`, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? CommentSchema : undefined,
  });
}

/** Sends a comment; it ends the item's cached thread at once when the server took it. */
export function useCreateComment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WriteCommentBody) => createComment({ itemId, ...body }),
    onSuccess: (created) =>
      changeThread(queryClient, itemId, (comments) => [
        ...comments.filter(({ id }) => id !== created.id),
        created,
      ]),
  });
}
