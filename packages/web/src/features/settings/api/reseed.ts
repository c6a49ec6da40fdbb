import type { ReseedBody, ReseedResponse } from '@nestbox/shared/admin/admin.schema';
import { ReseedResponseSchema } from '@nestbox/shared/admin/admin.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/admin/tools/resend`: admins only, and only where the server allows re-seeding. */
export function reseed(body: ReseedBody): Promise<ReseedResponse> {
  return apiRequest<ReseedResponse>('/api/admin/tools/resend', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? ReseedResponseSchema : undefined,
  });
}

export const useReseed = () => useMutation({ mutationFn: reseed });
