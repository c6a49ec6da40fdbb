import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import { describe, expect, it } from 'vitest';
import { sharedText } from './shared-text';

describe('sharedText', () => {
  it('joins a title, a text and a link on one line', () => {
    expect(
      sharedText({ title: 'Tide times', text: 'Low tide at 4pm', url: 'https://example.org/tides' }),
    ).toBe('Tide times Low tide at 4pm https://example.org/tides');
  });

  it('keeps each part once when an app repeats the link or the title in the text', () => {
    expect(sharedText({ text: 'Read this https://example.org/a', url: 'https://example.org/a' })).toBe(
      'Read this https://example.org/a',
    );
    expect(sharedText({ title: 'Soup', text: 'Soup recipe\nwith leeks' })).toBe('Soup recipe with leeks');
  });

  it('is empty when nothing was shared, and never longer than a text may be', () => {
    expect(sharedText({ title: ' ', text: null })).toBe('');
    expect(sharedText({ text: 'x'.repeat(TEXT_TITLE_MAX_LENGTH + 10) })).toHaveLength(TEXT_TITLE_MAX_LENGTH);
  });
});
