import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { RemoveAssociationQuery } from '@nestbox/shared/sharing/sharing.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Undoable, undoableRequest, useOfferUndo } from '../../../lib/undo';
import { invalidateShares } from './get-users-associated';

/**
 * `DELETE /api/items/remove-association` (owners only; never the last owner); the answer
 * carries the id that undoes it.
 */
export function removeAssociation(query: RemoveAssociationQuery): Promise<Undoable<{ ok: boolean }>> {
  return undoableRequest<{ ok: boolean }>('/api/items/remove-association', {
    method: 'DELETE',
    query: { ...query },
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/**
 * Stops sharing an item with someone, then refetches its share list; offers Undo ('Share
 * removed.'), which gives the share back at its level.
 */
export function useRemoveAssociation() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const offerUndo = useOfferUndo();
  return useMutation({
    mutationFn: removeAssociation,
    onSuccess: ({ undoId }) => offerUndo(undoId, t('undo.shareRemoved')),
    onSettled: (_data, _error, { itemId }) => invalidateShares(queryClient, itemId),
  });
}
