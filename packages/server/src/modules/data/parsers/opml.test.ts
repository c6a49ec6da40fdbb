import { readFileSync } from 'node:fs';
import { EXPORT_MAX_DEPTH, type ExportBox, type ExportItem } from '@nestbox/shared/data/export.schema';
import { describe, expect, it } from 'vitest';
import { parseOpml } from './opml.js';
import type { ParseContext } from './parsed-file.js';

const context: ParseContext = {
  now: Date.UTC(2026, 5, 10, 8),
  timeZone: 'Europe/Paris',
  boxDefaults: { showCompleted: true, autoAddToUnprioritized: false },
};
const opml = (body: string) => `<?xml version="1.0"?><opml version="2.0"><head/><body>${body}</body></opml>`;
const shape = (items: ExportItem[]): unknown[] =>
  items.map((item) => (item.type === 'box' ? { [item.title]: shape(item.children) } : item.title));
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
/** The title one outline's `text` makes (the attribute's value as XML escapes it). */
const titleOf = (text: string) => parseOpml(opml(`<outline text="${text}"/>`), context).items[0]?.title;

describe('OPML parser', () => {
  it('makes boxes of outlines with children and texts of leaves, in order', () => {
    const parsed = parseOpml(
      opml('<outline text="A"><outline text="a1"/><outline title="a2"/></outline><outline text="B"/>'),
      context,
    );
    expect(parsed.problems).toEqual([]);
    expect(shape(parsed.items)).toEqual([{ A: ['a1', 'a2'] }, 'B']);
    expect((parsed.items[0] as ExportBox).settings).toEqual({
      showCompleted: true,
      autoAddToUnprioritized: false,
    });
  });

  it('reads XML’s five entities and character references once, and nothing else', () => {
    const parsed = parseOpml(
      opml('<outline text="&lt;b&gt; &amp;amp; &#233;&#x1F600; &quot;&apos; &nbsp;"/>'),
      context,
    );
    expect(parsed.items[0]?.title).toBe('<b> &amp; é😀 "\' &nbsp;');
  });

  it('reads _complete, a day as _targetDate in the person’s zone, and warns of a date it cannot read', () => {
    const parsed = parseOpml(
      opml(
        '<outline text="done" _complete="true"/><outline text="dated" _targetDate="2026-07-01"/><outline text="x" _targetDate="soon"/>',
      ),
      context,
    );
    expect(parsed.items.map((item) => [item.completedAt, item.targetDate])).toEqual([
      [context.now, null],
      // Midnight in Paris (summer time) on 1 July.
      [null, Date.UTC(2026, 5, 30, 22)],
      [null, null],
    ]);
    expect(parsed.problems).toEqual([
      { severity: 'warning', key: 'import.opml.targetDate', element: '3', params: { date: 'soon' } },
    ]);
  });

  it('reads _note as the note of a leaf and of a box, line breaks kept', () => {
    const parsed = parseOpml(
      opml(
        '<outline text="leaf" _note="n1&#10;**n2**"/><outline text="box" _note="n3"><outline text="child"/></outline>',
      ),
      context,
    );
    expect(shape(parsed.items)).toEqual(['leaf', { box: ['child'] }]);
    const [leaf, box] = parsed.items;
    expect(leaf?.note).toBe('n1\n**n2**');
    expect(box?.note).toBe('n3');
    expect((box as ExportBox).children[0]?.note).toBeUndefined();
  });

  it('writes Workflowy’s bold, italic and links as the markdown titles render (tanainc/tana-import-tools)', () => {
    const sample = parseOpml(fixture('workflowy-tana-sample.opml'), context);
    expect(sample.problems).toEqual([]);
    expect(shape(sample.items)).toEqual([
      {
        Hello: [
          {
            'This is a workflowy node': [
              'This is a child with a #tag',
              'This is also a child, with the same #tag',
              'The **bold**, the underlined and the _italic_',
              'More nodes here',
              { Tasks: ['Completed task 1', 'Completed task 2'] },
            ],
          },
        ],
      },
    ]);
    const smoke = parseOpml(fixture('workflowy-tana-smoketest.opml'), context);
    expect(shape(smoke.items)).toContainEqual({ LinkNode: ['[alias here](https://www.vg.no/)'] });
  });

  it('keeps only safe links, reads HTML’s entities, and leaves text that is not markup as written', () => {
    expect(titleOf('&lt;b&gt;&lt;i&gt;both&lt;/i&gt;&lt;/b&gt; and &lt;b&gt; spaced &lt;/b&gt;!')).toBe(
      '**_both_** and  **spaced** !',
    );
    expect(titleOf('Hit &amp;lt;enter&amp;gt; &amp;amp; R&amp;amp;D&amp;nbsp;!')).toBe(
      'Hit <enter> & R&D\u00a0!',
    );
    expect(titleOf('&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;')).toBe('click');
    expect(
      titleOf(
        '&lt;a href=&quot;data:text/html,x&quot;&gt;d&lt;/a&gt; &lt;a href=&quot;/relative&quot;&gt;r&lt;/a&gt;',
      ),
    ).toBe('d r');
    expect(titleOf('&lt;a href=&quot;mailto:ada@example.org&quot;&gt;Ada&lt;/a&gt;')).toBe(
      '[Ada](mailto:ada@example.org)',
    );
    expect(
      titleOf(
        '&lt;a href=&quot;https://example.org/a (b)?x=1&amp;amp;y=2&quot;&gt;[see] &lt;i&gt;this&lt;/i&gt;&lt;/a&gt;',
      ),
    ).toBe('[\\[see\\] _this_](https://example.org/a%20%28b%29?x=1&y=2)');
    expect(titleOf('&lt;a href=&quot;https://example.org&quot;&gt;&lt;/a&gt;')).toBe(
      '[https://example.org](https://example.org)',
    );
    expect(titleOf('one&lt;br&gt;two, &lt;span class=&quot;colored c-red&quot;&gt;red&lt;/span&gt;')).toBe(
      'one\ntwo, red',
    );
    expect(titleOf('a &lt; b &amp; c')).toBe('a < b & c');
    expect(titleOf('&lt;b&gt;never closed')).toBe('<b>never closed');
  });

  it('names outlines by their place, and refuses nesting past the limit without recursing into it', () => {
    const deep = `${'<outline text="x">'.repeat(EXPORT_MAX_DEPTH + 10)}${'</outline>'.repeat(EXPORT_MAX_DEPTH + 10)}`;
    expect(parseOpml(opml(deep), context).problems).toEqual([
      { severity: 'error', key: 'import.xml.tooDeep' },
    ]);
    const parsed = parseOpml(
      opml('<outline text="A"><outline text="a"/><outline text="b"/></outline>'),
      context,
    );
    const b = (parsed.items[0] as ExportBox).children[1] as ExportItem;
    expect(parsed.spots.get(b)).toEqual({ element: '1.2' });
  });

  it('refuses any DTD before reading it', () => {
    const parsed = parseOpml(
      `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n${opml('<outline text="&a;"/>')}`,
      context,
    );
    expect(parsed).toMatchObject({
      items: [],
      problems: [{ severity: 'error', key: 'import.xml.doctype', line: 2 }],
    });
  });
});
