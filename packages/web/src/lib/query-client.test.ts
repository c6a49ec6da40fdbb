import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, FRESH_UNTIL_CHANGE, RERUN_ON_ITEM_CHANGE } from './query-client';

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

  it('asks a search again after every successful change, restarting a run under way', async () => {
    const queryClient = createQueryClient();
    let runs = 0;
    let release: () => void = () => undefined;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['search'],
      queryFn: () => {
        runs += 1;
        return runs === 1 ? 'first' : new Promise<string>((resolve) => (release = () => resolve('again')));
      },
      ...RERUN_ON_ITEM_CHANGE,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('first'));

    const change = () =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: async () => 'saved' })
        .execute(undefined);
    await change();
    // The second change cancels the run the first one started (it may have missed the change).
    await change();
    expect(runs).toBe(3);
    release();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('again'));
    unsubscribe();
  });
});
