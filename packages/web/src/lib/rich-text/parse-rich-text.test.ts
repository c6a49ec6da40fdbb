import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: markdown-it not loaded yet, as on a first screen. */
const freshModule = async () => {
  vi.resetModules();
  return import('./parse-rich-text');
};

describe('parseRichText before and after markdown-it is loaded', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('reads plain words and tags without loading markdown-it', async () => {
    let loaded = false;
    vi.doMock('markdown-it', async (importOriginal) => {
      loaded = true;
      return importOriginal();
    });
    const { parseRichText } = await freshModule();
    expect(parseRichText('Buy milk #home')).toEqual([
      { kind: 'text', text: 'Buy milk ' },
      { kind: 'tag', name: 'home', written: 'home' },
    ]);
    expect(parseRichText('Just words, 3 of them.')).toEqual([
      { kind: 'text', text: 'Just words, 3 of them.' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toBe(false);
    vi.doUnmock('markdown-it');
  });

  it('shows a text with markup as typed until markdown-it is there, then formatted', async () => {
    const { parseRichText, loadRichText } = await freshModule();
    expect(parseRichText('**Pay** https://bank.example')).toEqual([
      { kind: 'text', text: '**Pay** https://bank.example' },
    ]);
    await loadRichText();
    expect(parseRichText('**Pay** https://bank.example')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Pay' }] },
      { kind: 'text', text: ' ' },
      {
        kind: 'link',
        href: 'https://bank.example',
        children: [{ kind: 'text', text: 'https://bank.example' }],
      },
    ]);
  });
});
