import { PrioritiesByIdSchema } from '@nestbox/shared/organizer/organizer.schema';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/items/reindex-priorities`: renumbers the caller's priorities, keeping the order. */
export function reindexPriorities(): Promise<Record<string, number>> {
  return apiRequest<Record<string, number>>('/api/items/reindex-priorities', {
    method: 'PUT',
    schema: import.meta.env.DEV ? PrioritiesByIdSchema : undefined,
  });
}
