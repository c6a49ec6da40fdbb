import { type Item, ItemSchema } from '@nestbox/shared/items/item.schema';
import type { QuickCaptureBody } from '@nestbox/shared/items/quick-capture.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { itemChange } from '../item-changes';

/**
 * `POST /api/items/quick-capture` (201): a text into the Inbox or a box, with its target date
 * and the caller's Today mark or rank. Quick capture and lines typed in a pane both send it.
 */
export function quickCapture(body: QuickCaptureBody): Promise<Item> {
  return apiRequest<Item>('/api/items/quick-capture', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? ItemSchema : undefined,
  });
}

/** Sends a capture; what the caller shows afterwards (a pane, the Organizer) it patches itself. */
export function useQuickCapture() {
  return useMutation({ ...itemChange('capture'), mutationFn: quickCapture });
}
