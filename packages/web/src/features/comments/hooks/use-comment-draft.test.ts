import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '../../../config/storage-keys';

/** A tab's session storage, as the browser keeps it across a reload of the page. */
function tabStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

/** The draft module as a page loading afresh reads it (its own copy of the module). */
const loadPage = async () => {
  vi.resetModules();
  return import('./use-comment-draft');
};

describe('comment drafts', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = tabStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('come back after the tab reloads, each on its own item', async () => {
    const before = await loadPage();
    before.setCommentDraft('item-1', 'Half a thought');
    before.setCommentDraft('item-2', 'Another');
    const after = await loadPage();
    after.clearSentDraft('item-2', 'Another');
    const again = await loadPage();
    again.setCommentDraft('item-3', '');
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEYS.commentDrafts) ?? '')).toEqual({
      'item-1': 'Half a thought',
    });
  });

  it('read nothing from storage that does not hold drafts, and go on', async () => {
    storage.setItem(SESSION_STORAGE_KEYS.commentDrafts, '{not json');
    const page = await loadPage();
    page.setCommentDraft('item-1', 'Kept');
    expect(storage.getItem(SESSION_STORAGE_KEYS.commentDrafts)).toBe('{"item-1":"Kept"}');
  });

  it('are forgotten at logout', async () => {
    (await loadPage()).setCommentDraft('item-1', 'Private words');
    const { clearSession } = await import('../../../lib/session');
    clearSession();
    expect(storage.getItem(SESSION_STORAGE_KEYS.commentDrafts)).toBeNull();
  });
});
