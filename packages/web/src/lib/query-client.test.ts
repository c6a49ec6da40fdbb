import { describe, expect, it } from 'vitest';
import { createQueryClient, FRESH_UNTIL_CHANGE } from './query-client';

describe('the query client', () => {
  it('keeps item data fresh until the next change the user makes, and only that data', async () => {
    const queryClient = createQueryClient();
    await queryClient.fetchQuery({ queryKey: ['pane'], queryFn: () => 'items', ...FRESH_UNTIL_CHANGE });
    await queryClient.fetchQuery({
      queryKey: ['user'],
      queryFn: () => 'me',
      staleTime: Number.POSITIVE_INFINITY,
    });
    const pane = () => queryClient.getQueryCache().find({ queryKey: ['pane'] });
    const user = () => queryClient.getQueryCache().find({ queryKey: ['user'] });
    expect(pane()?.isStale()).toBe(false);

    // A failed change leaves it fresh; a successful one makes it stale (and not refetched here).
    await expect(
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(new Error('no')) })
        .execute(undefined),
    ).rejects.toThrow('no');
    expect(pane()?.isStale()).toBe(false);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => 'saved' })
      .execute(undefined);
    expect(pane()?.isStale()).toBe(true);
    expect(pane()?.state.fetchStatus).toBe('idle');
    expect(user()?.isStale()).toBe(false);
  });
});
