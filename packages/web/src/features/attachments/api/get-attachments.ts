import { type AttachmentList, AttachmentListSchema } from '@nestbox/shared/attachments/attachments.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of an item's attachments; this tab's writes update it, others' invalidate it. */
export const attachmentsKey = (itemId: string) => ['attachments', itemId] as const;

/** `GET /api/items/:itemId/attachments`: the item's files, oldest first; a failure shows in the section. */
export function attachmentsQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: attachmentsKey(itemId),
    staleTime: 0,
    throwOnError: false,
    queryFn: ({ signal }) =>
      apiRequest<AttachmentList>(`/api/items/${encodeURIComponent(itemId)}/attachments`, {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? AttachmentListSchema : undefined,
      }),
  });
}

export const useAttachments = (itemId: string) => useQuery(attachmentsQueryOptions(itemId));
