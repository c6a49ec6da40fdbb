import { ITEM_LINK_QUERY } from '@nestbox/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openBoxInWorkspace } from '../../../features/organizer/api/open-in-workspace';
import { openItemSettings } from '../../../hooks/use-item-settings';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { getItem } from '../../../lib/api/items/get-item';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { revealItem } from '../../../lib/reveal-item';

/**
 * `/app/boxes?item=<id>` (the calendar feed's links): the item's box opens in a pane (the one
 * already showing it, else a new last pane), scrolled to the item and marking it for a moment,
 * and the query leaves the address. An item whose box the person does not see opens in Item
 * settings; one they do not see at all leaves the Workspace as it is, with a notice.
 */
export function useItemLink() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyFailure = useNotifyFailure();
  const [params, setParams] = useSearchParams();
  const itemId = params.get(ITEM_LINK_QUERY);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!itemId || handled.current === itemId) return;
    handled.current = itemId;
    setParams(
      (current) => {
        current.delete(ITEM_LINK_QUERY);
        return current;
      },
      { replace: true },
    );
    const unavailable = (error: unknown) =>
      isApiError(error) && (error.status === 404 || error.status === 400);
    void (async () => {
      let item: Awaited<ReturnType<typeof getItem>>;
      try {
        item = await getItem(itemId);
      } catch (error) {
        if (unavailable(error)) notify({ type: 'info', message: t('calendar.itemUnavailable') });
        else notifyFailure(error);
        return;
      }
      if (!item.parentItemId) {
        openItemSettings(item._id);
        return;
      }
      try {
        queryClient.setQueryData(
          getWorkspaceQueryOptions().queryKey,
          await openBoxInWorkspace(item.parentItemId),
        );
      } catch (error) {
        if (unavailable(error)) openItemSettings(item._id);
        else notifyFailure(error, 'boxes.addFailed');
        return;
      }
      revealItem(item._id);
    })();
  }, [itemId, setParams, queryClient, notifyFailure, t]);
}
