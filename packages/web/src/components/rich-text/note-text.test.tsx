import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRichText } from '../../lib/rich-text/parse-rich-text';
import { NoteText } from './note-text';

beforeAll(() => loadRichText());

const html = (note: string) => renderToStaticMarkup(<NoteText note={note} />);

describe('NoteText', () => {
  it('renders a paragraph per block, with the formatting and links of titles', () => {
    expect(html('**Bring** ID\nand _the form_\n\n\nSee [the site](https://example.org)')).toMatch(
      /^<div class="[^"]*note[^"]*"><p><bdi><strong>Bring<\/strong> ID\nand <em>the form<\/em><\/bdi><\/p><p><bdi>See <a [^>]*href="https:\/\/example\.org" target="_blank" rel="noopener noreferrer"[^>]*>the site<\/a><\/bdi><\/p><\/div>$/,
    );
  });

  it('never turns what is typed into markup or a script link', () => {
    const markup = html('<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('href="javascript');
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
