import { type Comment, type CommentList, CommentListSchema } from '@nestbox/shared/comments/comments.schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { patchItemInCaches } from '../../../lib/api/items/item-cache';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of an item's thread; this tab's writes update it, others' invalidate it. */
export const commentsKey = (itemId: string) => ['comments', itemId] as const;

/**
 * `GET /api/items/:itemId/comments`: the item's whole thread, oldest first. Read afresh each
 * time it shows; a failure shows in the section, never as the error page.
 */
export function commentsQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: commentsKey(itemId),
    staleTime: 0,
    throwOnError: false,
    queryFn: ({ signal }) =>
      apiRequest<CommentList>(`/api/items/${encodeURIComponent(itemId)}/comments`, {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? CommentListSchema : undefined,
      }),
  });
}

export const useComments = (itemId: string) => useQuery(commentsQueryOptions(itemId));

/**
 * Applies a write this tab made to the item's cached thread, and the thread's new length to
 * the item wherever it shows (its row's count): the live echo of this tab's own write is
 * ignored, so the caches learn it here.
 */
export function changeThread(
  queryClient: QueryClient,
  itemId: string,
  change: (comments: Comment[]) => Comment[],
): void {
  const thread = queryClient.setQueryData<CommentList>(
    commentsKey(itemId),
    (list) => list && { comments: change(list.comments) },
  );
  if (thread) patchItemInCaches(queryClient, itemId, { commentCount: thread.comments.length });
}
