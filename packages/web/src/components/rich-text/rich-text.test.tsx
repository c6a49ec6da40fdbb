import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRichText, parseRichText, plainText } from '../../lib/rich-text/parse-rich-text';
import { RichText, TagActionContext } from './rich-text';

beforeAll(() => loadRichText());

/** The markup a text renders to, as the pane shows it (links and chips live). */
const isolated = (text: string) =>
  renderToStaticMarkup(
    <TagActionContext.Provider value={() => {}}>
      <RichText text={text} />
    </TagActionContext.Provider>,
  );

/** The markup inside the text's own direction isolate. */
const html = (text: string) => isolated(text).replace(/^<bdi>([\s\S]*)<\/bdi>$/, '$1');

/** Every element's name and attributes in some markup. */
function elements(markup: string): { name: string; attributes: Record<string, string> }[] {
  return [...markup.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)].map((match) => ({
    name: (match[1] ?? '').toLowerCase(),
    attributes: Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([^\s=]+)="([^"]*)"/g)].map((a) => [
        (a[1] ?? '').toLowerCase(),
        a[2] ?? '',
      ]),
    ),
  }));
}

const ALLOWED = new Set(['a', 'strong', 'em', 'code', 'button', 'span']);

/** No element but ours, no event handler attribute, no link but http(s)/mailto. */
function expectSafe(markup: string) {
  for (const { name, attributes } of elements(markup)) {
    expect(ALLOWED.has(name), `<${name}> in ${markup}`).toBe(true);
    for (const [attribute, value] of Object.entries(attributes)) {
      expect(attribute.startsWith('on'), attribute).toBe(false);
      expect(value).not.toMatch(/javascript|vbscript|data:/i);
    }
    if (name === 'a') expect(attributes.href).toMatch(/^(https?:\/\/|mailto:)/);
  }
}

describe('RichText direction', () => {
  it('isolates each text so it reads in its own direction, right to left included', () => {
    expect(isolated('שלום #בית')).toMatch(/^<bdi>שלום <button[^>]*>#בית<\/button><\/bdi>$/);
  });
});

describe('RichText: payloads render as text', () => {
  it.each([
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](vbscript:msgbox(1))',
    '[x](javascript&colon;alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](&#x6A;&#x61;vascript:alert(1))',
    '[x](%6Aavascript:alert(1))',
    '[x]( javascript:alert(1))',
    '[x](java\nscript:alert(1))',
    '<a href="javascript:alert(1)">x</a>',
    '"><svg onload=alert(1)>',
    "{{constructor.constructor('alert(1)')()}}",
    '**[x](javascript:alert(1))**',
    '[**x**](javascript:alert(1) "t")',
    '![x](javascript:alert(1))',
    '<<script>script>alert(1)<</script>/script>',
    '**_`[`](javascript:1)_**',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '[x](file:///etc/passwd)',
    '[x](//evil.example)',
  ])('%s', (payload) => {
    const markup = html(payload);
    expectSafe(markup);
    expect(elements(markup).filter((element) => element.name === 'a')).toEqual([]);
  });

  it('links only the safe address of unbalanced markup', () => {
    const markup = html('**unclosed _nested [link](https://ok.example');
    expectSafe(markup);
    expect(elements(markup).map((element) => element.attributes.href ?? element.name)).toEqual([
      'https://ok.example',
    ]);
    expect(plainText(parseRichText('**a _b [c](https://ok.example'))).toBe('**a _b [c](https://ok.example');
  });

  it('shows HTML typed in a text as its characters', () => {
    expect(html('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(plainText(parseRichText('<script>alert(1)</script>'))).toBe('<script>alert(1)</script>');
  });

  it('keeps a refused link as the text typed', () => {
    expect(plainText(parseRichText('[x](javascript:alert(1))'))).toBe('[x](javascript:alert(1))');
  });
});

describe('RichText: what it formats', () => {
  it('links http, https and mailto addresses, opening a new tab without an opener', () => {
    const markup = html('See https://example.org/a?b=1 and [docs](http://x.example/d) or mailto:a@b.example');
    expectSafe(markup);
    const links = elements(markup).filter((element) => element.name === 'a');
    expect(links.map((link) => link.attributes.href)).toEqual([
      'https://example.org/a?b=1',
      'http://x.example/d',
      'mailto:a@b.example',
    ]);
    for (const link of links) {
      expect(link.attributes.target).toBe('_blank');
      expect(link.attributes.rel).toBe('noopener noreferrer');
    }
  });

  it('renders bold, italic and code', () => {
    const markup = html('**bold** _it_ `a<b`');
    expect(markup).toMatch(/^<strong>bold<\/strong> <em>it<\/em> <code[^>]*>a&lt;b<\/code>$/);
  });

  it('makes chips of tags, but not of URL fragments or tags inside links and code', () => {
    const nodes = parseRichText('#home https://x.org/#top [#x](https://y.example) `#code` **#bold**');
    const tags: string[] = [];
    const walk = (list: typeof nodes) => {
      for (const node of list) {
        if (node.kind === 'tag') tags.push(node.name);
        if ('children' in node) walk(node.children);
      }
    };
    walk(nodes);
    expect(tags).toEqual(['home', 'bold']);
  });

  it('shows links and chips as marked text when not interactive', () => {
    const markup = renderToStaticMarkup(<RichText text="#home https://x.example" interactive={false} />);
    expect(elements(markup).map((element) => element.name)).toEqual(['bdi', 'span', 'span']);
  });
});

describe('RichText with search words to mark', () => {
  const marked = (text: string, highlight: string[]) =>
    renderToStaticMarkup(<RichText text={text} interactive={false} highlight={highlight} />).replace(
      / class="[^"]*"/g,
      '',
    );

  it('marks each place a word appears in the plain parts, accents and case aside', () => {
    expect(marked('Café and more CAFE', ['cafe'])).toBe(
      '<bdi><mark>Café</mark> and more <mark>CAFE</mark></bdi>',
    );
  });

  it('marks inside formatting, and leaves a text without the word as it was', () => {
    expect(marked('Buy **almond milk**', ['ilk'])).toBe(
      '<bdi>Buy <strong>almond m<mark>ilk</mark></strong></bdi>',
    );
    expect(marked('Tea', ['milk'])).toBe('<bdi>Tea</bdi>');
  });
});
