import { type MentionablePeople, MentionablePeopleSchema } from '@nestbox/shared/comments/comments.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/items/:itemId/comments/people`: whom a comment on the item may mention (everyone
 * else who sees it). Read when the thread opens; a failure only means no names are offered.
 */
export function mentionablePeopleOptions(itemId: string) {
  return queryOptions({
    queryKey: ['comment-people', itemId] as const,
    staleTime: 30_000,
    throwOnError: false,
    queryFn: ({ signal }) =>
      apiRequest<MentionablePeople>(`/api/items/${encodeURIComponent(itemId)}/comments/people`, {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? MentionablePeopleSchema : undefined,
      }),
  });
}

/** The people a comment on the item may mention; undefined until known. */
export function useMentionablePeople(itemId: string) {
  return useQuery(mentionablePeopleOptions(itemId)).data?.people;
}
