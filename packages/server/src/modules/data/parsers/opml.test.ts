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

  it('puts a leaf’s note under its title and a box’s note first inside it', () => {
    const parsed = parseOpml(
      opml(
        '<outline text="leaf" _note="n1"/><outline text="box" _note="n2"><outline text="child"/></outline>',
      ),
      context,
    );
    expect(shape(parsed.items)).toEqual(['leaf\nn1', { box: ['n2', 'child'] }]);
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
