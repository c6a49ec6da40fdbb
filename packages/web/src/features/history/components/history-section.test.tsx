import type { ItemEvent } from '@nestbox/shared/history/history.schema';
import type { User } from '@nestbox/shared/users/user.schema';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadedList } from '../../../components/layout/loaded-list';
import { first, treeOf } from '../../../test/element-tree';
import { inApp } from '../../../test/in-app';
import { texts } from '../../../test/texts';
import { HistorySection } from './history-section';

const { history } = vi.hoisted(() => ({ history: { current: {} as Record<string, unknown> } }));
vi.mock('react-i18next', async (actual) => ({
  ...(await actual<typeof import('react-i18next')>()),
  useTranslation: () => ({ t: texts.t.bind(texts) }),
}));
vi.mock('../api/get-history', () => ({ useHistory: () => history.current }));

const NOW = Date.UTC(2026, 2, 12, 15, 0);
const MINUTE = 60_000;
const DEC_4 = Date.UTC(2026, 11, 4, 0, 0);
const DEC_11_AT_TEN = Date.UTC(2026, 11, 11, 10, 0);
const user = { id: 'u1', name: 'Ada', locale: 'en-GB', timezone: 'Europe/London' } as User;
const ada = { id: 'u1', name: 'Ada' };
const zoe = { id: 'u2', name: 'Zoé' };

let seq = 0;
const event = (fields: Omit<ItemEvent, 'id' | 'at' | 'actor'> & Partial<ItemEvent>): ItemEvent =>
  ({ id: `e${++seq}`, at: NOW - 5 * MINUTE, actor: zoe, ...fields }) as ItemEvent;

const section = (fields: Record<string, unknown>, locale: User['locale'] = 'en-GB') => {
  history.current = {
    isPending: false,
    isError: false,
    fetchStatus: 'idle',
    hasNextPage: false,
    isFetchingNextPage: false,
    refetch: vi.fn(),
    fetchNextPage: vi.fn(),
    data: undefined,
    ...fields,
  };
  return renderToStaticMarkup(inApp(<HistorySection itemId="i1" />, { user: { ...user, locale } }));
};
const listed = (events: ItemEvent[], locale: User['locale'] = 'en-GB', more: Record<string, unknown> = {}) =>
  section({ data: { pages: [{ events, next: null }] }, ...more }, locale);
const entries = (markup: string) =>
  (markup.match(/<li[^>]*>.*?<\/li>/gs) ?? []).map((li) => li.replace(/<[^>]+>/g, ''));
const rendered = () =>
  treeOf(
    () => HistorySection({ itemId: 'i1' }),
    (node) => inApp(node, { user }),
  );

const EVERY_KIND: ItemEvent[] = [
  event({ kind: 'commented', details: null }),
  event({ kind: 'shared', details: { person: null, level: null, previousLevel: 'editor' } }),
  event({
    kind: 'shared',
    details: { person: { id: 'u3', name: 'Max' }, level: 'readonly', previousLevel: 'editor' },
  }),
  event({
    kind: 'shared',
    details: { person: { id: 'u3', name: 'Max' }, level: 'editor', previousLevel: null },
  }),
  event({ kind: 'dated', actor: ada, details: { from: DEC_4, to: null } }),
  event({ kind: 'dated', details: { from: DEC_4, to: DEC_11_AT_TEN } }),
  event({ kind: 'dated', details: { from: null, to: DEC_4 } }),
  event({ kind: 'reopened', actor: null, details: null }),
  event({ kind: 'completed', actor: ada, details: null }),
  event({
    kind: 'moved',
    details: { from: null, to: { id: 'b2', title: 'Home' } },
  }),
  event({
    kind: 'moved',
    details: { from: { id: 'b1', title: 'Errands' }, to: { id: 'b2', title: 'Home' } },
  }),
  event({ kind: 'renamed', details: { from: 'A', to: 'B' } }),
  event({ kind: 'created', actor: ada, details: null }),
];

describe('the History section', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await texts.changeLanguage('en-GB');
  });
  afterEach(() => vi.useRealTimers());

  it('stands a skeleton in while the history loads, under its heading', () => {
    const markup = section({ isPending: true });
    expect(markup).toContain('History</h3>');
    expect(markup).toMatch(/role="status" aria-label="Loading…"/);
  });

  it('says it needs the network when offline with nothing loaded, rather than load for ever', () => {
    const markup = section({ isPending: true, fetchStatus: 'paused' });
    expect(markup).toContain('Not available offline');
    expect(markup).not.toContain('role="status"');
  });

  it('says when nothing is recorded yet, without an empty list', () => {
    const markup = listed([]);
    expect(markup).toContain('No changes recorded yet.');
    expect(markup).not.toContain('<ul');
  });

  it('says the history failed to load, and Try again reads it again', () => {
    expect(section({ isError: true })).toContain('The history could not be loaded.');
    const list = first(rendered(), (element) => element.type === LoadedList);
    const retry = first(
      treeOf(
        () => LoadedList(list.props as Parameters<typeof LoadedList>[0]),
        (node) => inApp(node, { user }),
      ),
      (element) => element.props.children === 'Try again',
    );
    (retry.props.onClick as () => void)();
    expect(history.current.refetch).toHaveBeenCalledTimes(1);
  });

  it('tells each change in one line, as the server gave them (newest first), "you" for the reader', () => {
    const markup = listed(EVERY_KIND);
    expect(markup).toContain('aria-label="Changes to this item, newest first"');
    expect(entries(markup)).toEqual([
      'Zoé commented 5 minutes ago',
      'Zoé stopped sharing it with someone 5 minutes ago',
      'Zoé changed Max’s access to Readonly 5 minutes ago',
      'Zoé shared it with Max (Editor) 5 minutes ago',
      'You cleared its date 5 minutes ago',
      'Zoé moved its date from Friday 4 December 2026 to Friday 11 December 2026 10:00 5 minutes ago',
      'Zoé dated it Friday 4 December 2026 5 minutes ago',
      'Someone reopened it 5 minutes ago',
      'You completed it 5 minutes ago',
      'Zoé moved it from a box you cannot see to Home 5 minutes ago',
      'Zoé moved it from Errands to Home 5 minutes ago',
      'Zoé renamed it from “A” to “B” 5 minutes ago',
      'You created it 5 minutes ago',
    ]);
    // The exact time on hover, and for machines.
    expect(markup).toContain('title="12 Mar 2026, 14:55"');
    expect(markup).toContain(`dateTime="${new Date(NOW - 5 * MINUTE).toISOString()}"`);
  });

  it('says 00:00 when the date was set with that time, and nothing when set as a day', () => {
    const markup = listed([
      event({ kind: 'dated', details: { from: DEC_4, to: DEC_4, fromHasTime: false, toHasTime: true } }),
    ]);
    expect(entries(markup)).toEqual([
      'Zoé moved its date from Friday 4 December 2026 to Friday 4 December 2026 00:00 5 minutes ago',
    ]);
  });

  it('says "just now" under a minute, and the date past a week', () => {
    const markup = listed([
      event({ kind: 'commented', details: null, at: NOW - 10_000 }),
      event({ kind: 'commented', details: null, at: NOW - 9 * 24 * 60 * MINUTE }),
    ]);
    expect(entries(markup)).toEqual(['Zoé commented just now', 'Zoé commented 3 Mar 2026, 15:00']);
  });

  it('offers the older changes when there are more, and reads the next page', () => {
    expect(listed(EVERY_KIND)).not.toContain('Show older changes');
    const markup = listed(EVERY_KIND, 'en-GB', { hasNextPage: true });
    expect(markup).toContain('Show older changes');
    const more = first(rendered(), (element) => element.props.children === 'Show older changes');
    (more.props.onClick as () => void)();
    expect(history.current.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('speaks French with French typography and French dates', async () => {
    await texts.changeLanguage('fr');
    const markup = listed(EVERY_KIND, 'fr');
    expect(markup).toContain('Historique</h3>');
    expect(entries(markup)).toEqual([
      'Zoé a commenté il y a 5 minutes',
      'Zoé a cessé de le partager avec quelqu’un il y a 5 minutes',
      'Zoé a changé l’accès de Max en Lecture seule il y a 5 minutes',
      'Zoé l’a partagé avec Max (Éditeur) il y a 5 minutes',
      'Vous avez retiré sa date il y a 5 minutes',
      'Zoé a déplacé sa date du vendredi 4 décembre 2026 au vendredi 11 décembre 2026 10:00 il y a 5 minutes',
      'Zoé lui a donné la date du vendredi 4 décembre 2026 il y a 5 minutes',
      'Quelqu’un l’a rouvert il y a 5 minutes',
      'Vous l’avez terminé il y a 5 minutes',
      'Zoé l’a déplacé depuis une boîte que vous ne voyez pas vers Home il y a 5 minutes',
      'Zoé l’a déplacé depuis Errands vers Home il y a 5 minutes',
      'Zoé l’a renommé de «\u00a0A\u00a0» en «\u00a0B\u00a0» il y a 5 minutes',
      'Vous l’avez créé il y a 5 minutes',
    ]);
  });
});
