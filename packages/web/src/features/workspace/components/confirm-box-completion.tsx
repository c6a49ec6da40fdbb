import { PANE_FIRST_PAGE } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { confirmChange } from '../../../components/feedback/confirm';
import {
  getItemsForPane,
  type ItemsForPane,
  itemsForPaneKey,
} from '../../../lib/api/items/get-items-for-pane';
import { isPaneComplete } from '../../../lib/api/items/pane-contents';
import { displayTitleIn } from '../../../lib/display-title';

/**
 * Whether completing this box would complete more than the box: it holds an open item, or
 * may (rows not read yet). Its pane's contents when they are cached, else its first page.
 */
async function holdsOpenItems(queryClient: QueryClient, box: Item): Promise<boolean> {
  try {
    const contents =
      queryClient.getQueryData<ItemsForPane>(itemsForPaneKey(box._id)) ??
      (await getItemsForPane(box._id, { limit: PANE_FIRST_PAGE }));
    return contents.items.some((item) => !item.completed) || !isPaneComplete(contents);
  } catch {
    // Not known: ask, rather than complete a whole tree unasked.
    return true;
  }
}

/**
 * Completes or reopens a box the way a person expects: completing one that holds open items
 * asks first (they are all completed with it); reopening one always says that what is inside
 * stays done. `apply` runs once the person agrees, or at once when there is nothing to ask.
 */
export async function confirmBoxCompletion(
  queryClient: QueryClient,
  t: TFunction,
  box: Item,
  completed: boolean,
  apply: () => void,
): Promise<void> {
  if (completed && !(await holdsOpenItems(queryClient, box))) {
    apply();
    return;
  }
  const key = completed ? 'item.completeBox' : 'item.uncompleteBox';
  const title = displayTitleIn(t, box);
  confirmChange({
    title: t(`${key}.title`, { title }),
    body: t(`${key}.body`, { title }),
    confirmLabel: t(`${key}.confirm`),
    onConfirm: apply,
  });
}
