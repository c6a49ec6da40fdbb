import { type AttachmentUsage, AttachmentUsageSchema } from '@nestbox/shared/attachments/attachments.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** The cache key of the caller's attachment usage: attaching or deleting a file reads it again. */
export const ATTACHMENTS_USAGE_KEY = ['attachments-usage'] as const;

/** `GET /api/users/attachments-usage`: what the caller's files take, and the limits. */
export function useAttachmentsUsage() {
  return useQuery({
    queryKey: ATTACHMENTS_USAGE_KEY,
    throwOnError: false,
    queryFn: ({ signal }) =>
      apiRequest<AttachmentUsage>('/api/users/attachments-usage', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? AttachmentUsageSchema : undefined,
      }),
  });
}
