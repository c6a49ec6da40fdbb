import type { Item } from '@nestbox/shared/items/item.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { openItemSettings } from '../../../hooks/use-item-settings';
import { ATTACHMENTS_USAGE_KEY } from '../../../lib/api/attachments-usage';
import { isApiError } from '../../../lib/api-client';
import { displayTitleIn } from '../../../lib/display-title';
import { notify } from '../../../lib/notify';
import { attachmentsKey } from '../api/get-attachments';

/**
 * Attaches files dropped onto an item's row, each on its own: a notification says they are on
 * their way, then how many went in (with a way to the item's Attachments), or why one did not.
 */
export function useAttachDroppedFiles() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    (item: Item, files: readonly File[]) => {
      const title = displayTitleIn(t, item);
      notify({ message: t('attachments.dropped.sending', { count: files.length, title }) });
      // The upload's code loads with the first drop: the Workspace's first load does without it.
      const sending = import('../api/change-attachments').then(({ uploadAttachment }) =>
        Promise.allSettled(files.map((file) => uploadAttachment(item._id, file))),
      );
      void sending.then((results) => {
        void queryClient.invalidateQueries({ queryKey: attachmentsKey(item._id) });
        void queryClient.invalidateQueries({ queryKey: ATTACHMENTS_USAGE_KEY });
        const attached = results.filter((result) => result.status === 'fulfilled').length;
        if (attached > 0)
          notify({
            type: 'success',
            message: t('attachments.dropped.done', { count: attached, title }),
            action: {
              label: t('attachments.dropped.show'),
              onClick: () => openItemSettings(item._id, 'attachments'),
            },
          });
        results.forEach((result, index) => {
          if (result.status === 'fulfilled') return;
          const reason = isApiError(result.reason) ? result.reason.message : t('attachments.failed');
          notify({
            type: 'error',
            message: t('attachments.dropped.refused', { name: files[index]?.name ?? '', reason }),
            timeout: false,
          });
        });
      });
    },
    [t, queryClient],
  );
}
