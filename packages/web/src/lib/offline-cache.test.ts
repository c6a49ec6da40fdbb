import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { asShown, isKept } from './offline-cache';

const failing = () => Promise.reject(new Error('Failed to fetch'));

describe('the offline copy of the screens', () => {
  it('keeps a screen whose refetch failed, and gives it back as it was shown', async () => {
    const shown = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    shown.setQueryData(['workspace'], { panes: ['Errands'] });
    await shown.fetchQuery({ queryKey: ['workspace'], queryFn: failing, staleTime: 0 }).catch(() => {});
    expect(shown.getQueryState(['workspace'])?.status).toBe('error');

    const saved = dehydrate(shown, { shouldDehydrateQuery: isKept });
    const reopened = new QueryClient();
    hydrate(reopened, { queries: saved.queries.map(asShown) });
    expect(reopened.getQueryData(['workspace'])).toEqual({ panes: ['Errands'] });
    expect(reopened.getQueryState(['workspace'])).toMatchObject({ status: 'success', error: null });
  });

  it('keeps only the screens it is for, and only once they have something to show', async () => {
    const shown = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    shown.setQueryData(['search', 'milk'], ['Buy milk']);
    await shown.fetchQuery({ queryKey: ['organizer'], queryFn: failing }).catch(() => {});
    shown.setQueryData(['reminders'], []);
    const saved = dehydrate(shown, { shouldDehydrateQuery: isKept });
    expect(saved.queries.map((query) => query.queryKey)).toEqual([['reminders']]);
  });
});
