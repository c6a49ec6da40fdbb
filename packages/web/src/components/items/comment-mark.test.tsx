import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Probe } from '../../test/element-tree';
import { texts } from '../../test/texts';
import { CommentMark } from './comment-mark';

const { openItemSettings } = vi.hoisted(() => ({ openItemSettings: vi.fn() }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: texts.t.bind(texts) }) }));
vi.mock('../../hooks/use-item-settings', () => ({ openItemSettings }));

const mark = (count: number) =>
  renderToStaticMarkup(
    <MantineProvider>
      <CommentMark itemId="i1" count={count} />
    </MantineProvider>,
  );
const labelOf = (markup: string) => markup.match(/<button[^>]*aria-label="([^"]*)"/)?.[1];

describe('the comment mark of a row', () => {
  beforeEach(async () => {
    openItemSettings.mockClear();
    await texts.changeLanguage('en-GB');
  });

  it('shows nothing for an item without comments', () => {
    expect(mark(0)).not.toContain('<button');
  });

  it('shows the count, named in words for screen readers, one or many', async () => {
    expect(labelOf(mark(1))).toBe('1 comment');
    const three = mark(3);
    expect(labelOf(three)).toBe('3 comments');
    expect(three).toMatch(/<span>3<\/span><\/button>$/);
    await texts.changeLanguage('fr');
    expect(labelOf(mark(1))).toBe('1 commentaire');
    expect(labelOf(mark(3))).toBe('3 commentaires');
  });

  it('opens Item settings at the Comments, the row’s own click left alone', () => {
    let tree: ReactNode = null;
    const onClose = vi.fn();
    renderToStaticMarkup(
      <Probe
        render={() => CommentMark({ itemId: 'i1', count: 2, onClose })}
        keep={(kept) => {
          tree = kept;
        }}
      />,
    );
    const click = { stopPropagation: vi.fn() };
    (tree as unknown as { props: { onClick: (event: unknown) => void } }).props.onClick(click);
    expect(click.stopPropagation).toHaveBeenCalled();
    expect(openItemSettings).toHaveBeenCalledWith('i1', 'comments', { onClose });
  });
});
