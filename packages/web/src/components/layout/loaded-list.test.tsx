import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { texts } from '../../test/texts';
import { LoadedList } from './loaded-list';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: texts.t.bind(texts) }) }));

const query = (state: Partial<{ isPending: boolean; isError: boolean }>) => ({
  isPending: false,
  isError: false,
  refetch: () => undefined,
  ...state,
});

function markup(
  state: Partial<{ isPending: boolean; isError: boolean }>,
  items: string[] | undefined,
  shape: Partial<{ skeletons: 0 | 1 | 2 | 3; rowShape: 'row' | 'line' }> = {},
) {
  return renderToStaticMarkup(
    <MantineProvider>
      <LoadedList
        query={query(state)}
        items={items}
        label="Things"
        loadFailed="Could not load."
        empty="None yet."
        {...shape}
      >
        {(item) => <li key={item}>{item}</li>}
      </LoadedList>
    </MantineProvider>,
  );
}

describe('a loaded list', () => {
  it('stands skeletons in while it loads, and says so to screen readers', () => {
    const html = markup({ isPending: true }, undefined);
    expect(html).toContain('role="status"');
    expect(html).not.toContain('None yet.');
  });

  it('stands in rows, lines, or the one line saying there is nothing, as tall as what comes', () => {
    // Mantine writes a height in px as rem (16 px to the rem).
    const heights = (html: string) =>
      [...html.matchAll(/--skeleton-height:calc\(([\d.]+)rem/g)].map((m) => Number(m[1]) * 16);
    expect(heights(markup({ isPending: true }, undefined, { skeletons: 2 }))).toEqual([52, 52]);
    expect(heights(markup({ isPending: true }, undefined, { skeletons: 2, rowShape: 'line' }))).toEqual([
      20, 20,
    ]);
    expect(heights(markup({ isPending: true }, undefined, { skeletons: 0 }))).toEqual([20]);
  });

  it('offers to try again when it failed, rather than saying it is empty', () => {
    const html = markup({ isError: true }, undefined);
    expect(html).toContain('Could not load.');
    expect(html).toContain('Try again');
    expect(html).not.toContain('None yet.');
  });

  it('says when there is nothing, and lists the items under their name', () => {
    expect(markup({}, [])).toContain('None yet.');
    const html = markup({}, ['one', 'two']);
    expect(html).toMatch(/<ul[^>]*aria-label="Things"[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(html).not.toContain('Could not load.');
  });

  it('keeps what loaded when a later page fails, and says so below it', () => {
    const html = markup({ isError: true }, ['one']);
    expect(html.indexOf('<li>one</li>')).toBeGreaterThan(-1);
    expect(html.indexOf('Could not load.')).toBeGreaterThan(html.indexOf('<li>one</li>'));
  });
});
