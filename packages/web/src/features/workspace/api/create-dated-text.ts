import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quickCapture } from '../../../lib/api/quick-capture';
import { itemChange } from '../../../lib/item-changes';
import { dropProvisionalText, showCreatedInPane, showCreatedItem, showProvisionalText } from './create-item';

/**
 * A line typed in a pane that holds a date: the text is created with its target date in one
 * call (`POST /api/items/quick-capture` with the pane's box and the line it follows). With its
 * own id it shows in the pane at once, as create-item's texts do; else once the server answers.
 */
export function useCreateDatedText() {
  const queryClient = useQueryClient();
  return useMutation({
    ...itemChange('capture'),
    mutationFn: quickCapture,
    onMutate: (body) => ({
      provisional:
        body.itemId !== undefined &&
        body.boxId !== undefined &&
        showProvisionalText(
          queryClient,
          {
            itemId: body.itemId,
            title: body.title,
            targetDate: body.targetDate ?? null,
            targetHasTime: body.targetHasTime ?? null,
          },
          { boxId: body.boxId, anchorId: body.afterItemId },
        ),
    }),
    onSuccess: (item, body, context) => {
      const boxId = body.boxId ?? item.parentItemId ?? '';
      return context?.provisional
        ? showCreatedItem(queryClient, item, boxId)
        : showCreatedInPane(queryClient, item, { boxId, anchorId: body.afterItemId, side: 'after' });
    },
    onError: (_error, body, context) => {
      if (context?.provisional && body.itemId && body.boxId)
        dropProvisionalText(queryClient, body.itemId, body.boxId);
    },
  });
}
