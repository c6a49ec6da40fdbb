import type { Item } from '@nestbox/shared/items/item.schema';
import { ItemSchema } from '@nestbox/shared/items/item.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';

/** `POST /api/items/get-user-associated-items`: the caller's boxes, the root box ('Workspace') first. */
export function getUserBoxes({ signal }: { signal?: AbortSignal } = {}): Promise<Item[]> {
  return apiRequest<Item[]>('/api/items/get-user-associated-items', {
    method: 'POST',
    body: { idsOnly: false, limitToType: 'todoBox' },
    signal,
    schema: import.meta.env.DEV ? ItemSchema.array() : undefined,
  });
}

/** The caller's root box; it never changes, so it is fetched once. */
export function getRootBoxQueryOptions() {
  return queryOptions({
    queryKey: ['items', 'root-box'],
    queryFn: async ({ signal }) => {
      const boxes = await getUserBoxes({ signal });
      const root = boxes.find((box) => box.isRootBox) ?? boxes[0];
      if (!root) throw new Error('No root box');
      return root;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
