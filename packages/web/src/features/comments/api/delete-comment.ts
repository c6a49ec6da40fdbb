import { NoBodySchema } from '@nestbox/shared/http/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { changeThread, commentsKey } from './get-comments';

/** `DELETE /api/comments/:commentId`: by its author, or by an owner of the item. */
export function deleteComment(commentId: string): Promise<undefined> {
  return apiRequest<undefined>(`/api/comments/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? NoBodySchema : undefined,
  });
}

/** Deletes a comment; a refusal means the thread here is out of date, so it is read again. */
export function useDeleteComment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, commentId) =>
      changeThread(queryClient, itemId, (comments) => comments.filter(({ id }) => id !== commentId)),
    onError: () => queryClient.invalidateQueries({ queryKey: commentsKey(itemId) }),
  });
}
