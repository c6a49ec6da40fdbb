import type { Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getWorkspaceQueryOptions } from '../../../lib/api/panes/get-workspace';
import { itemFixture } from '../../../test/item-fixture';
import { showPaneWidth } from './save-pane-width';

const layout = (width: number): Workspace => ({
  panes: { p0: { _id: 'p0', itemId: 'root', type: 'box', scrollToItemId: null, width, search: null } },
  panesIndex: ['p0'],
  paneObjects: { root: itemFixture('root', { itemType: 'todoBox', isRootBox: true }) },
});

describe('showPaneWidth', () => {
  const { queryKey } = getWorkspaceQueryOptions();

  it('shows the new width at once', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKey, layout(400));
    await showPaneWidth(client, 'p0', 420);
    expect(client.getQueryData<Workspace>(queryKey)?.panes.p0?.width).toBe(420);
  });

  it('gives up a read of the layout begun before, whose answer would bring the old width back', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKey, layout(400));
    let answer: (value: Workspace) => void = () => {};
    // A read under way (the refetch after an archive), answering with the width it read before.
    const read = client
      .fetchQuery({ queryKey, queryFn: () => new Promise<Workspace>((resolve) => (answer = resolve)) })
      .catch(() => 'given up');
    await showPaneWidth(client, 'p0', 420);
    answer(layout(400));
    expect(await read).toBe('given up');
    expect(client.getQueryData<Workspace>(queryKey)?.panes.p0?.width).toBe(420);
  });
});
