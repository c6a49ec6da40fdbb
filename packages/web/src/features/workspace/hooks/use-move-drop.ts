import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ItemsForPane, itemsForPaneKey } from '../../../lib/api/items/get-items-for-pane';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  applyMoveToCache,
  type Drop,
  moveRequestOf,
  planMove,
  restoreSnapshot,
  useMoveItem,
} from '../api/move-item';

/**
 * Moves an item the way a drop does, whatever asked (a drag, Alt+↑ on a row): its new place
 * shows in the panes' caches at once, then goes to the server; a refusal puts the lists back
 * and says why (the server's message for a refused move, else the generic one).
 */
export function useMoveDrop(): (drop: Drop) => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate } = useMoveItem();
  return useCallback(
    (drop: Drop) => {
      const itemsOf = (boxId: string) =>
        queryClient.getQueryData<ItemsForPane>(itemsForPaneKey(boxId))?.items ?? [];
      const plan = planMove(drop, itemsOf(drop.sourceBoxId), itemsOf(drop.destBoxId));
      if (!plan) return;
      const snapshot = applyMoveToCache(queryClient, drop, plan);
      mutate(moveRequestOf(drop, plan), {
        onError: (error) => {
          restoreSnapshot(queryClient, snapshot);
          if (isApiError(error) && (error.canceled || error.told)) return;
          // A refused move (400, 403, 404) carries the server's translated reason.
          const refused = isApiError(error) && error.status >= 400 && error.status < 500;
          notify({ type: 'error', message: refused ? error.message : t('error.generic') });
        },
      });
    },
    [mutate, queryClient, t],
  );
}
