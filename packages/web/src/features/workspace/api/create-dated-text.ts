import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quickCapture } from '../../../lib/api/quick-capture';
import { showCreatedInPane } from './create-item';

/**
 * A line typed in a pane that holds a date: the text is created with its target date in one
 * call (`POST /api/items/quick-capture` with the pane's box and the line it follows), and
 * shows in the pane straight away, as create-item's texts do.
 */
export function useCreateDatedText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quickCapture,
    onSuccess: (item, body) =>
      showCreatedInPane(queryClient, item, {
        boxId: body.boxId ?? item.parentItemId ?? '',
        anchorId: body.afterItemId,
        side: 'after',
      }),
  });
}
