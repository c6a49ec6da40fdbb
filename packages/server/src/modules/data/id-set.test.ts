import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { IdSet } from './id-set.js';

describe('IdSet', () => {
  it('answers whether each id is new, as a Set does, through many growths', () => {
    const set = new IdSet();
    const reference = new Set<string>();
    // Made together, they share their time and differ in their random end.
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    for (const id of ids) {
      expect(set.add(id)).toBe(!reference.has(id));
      reference.add(id);
    }
    for (const id of ids.slice(0, 2_000)) expect(set.add(id)).toBe(false);
    // Upper-case hex is the same id; a one-digit change is another.
    const first = ids[0] as string;
    expect(set.add(first.toUpperCase())).toBe(false);
    const changed = `${first.slice(0, -1)}${first.endsWith('0') ? '1' : '0'}`;
    expect(set.add(changed)).toBe(true);
    expect(set.add(changed)).toBe(false);
  });

  it('keeps ids of another shape too', () => {
    const set = new IdSet();
    for (const id of ['item-1', 'pane-search', '00000000-0000-0000-0000-00000000000']) {
      expect(set.add(id)).toBe(true);
      expect(set.add(id)).toBe(false);
    }
    expect(set.add('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(set.add('00000000-0000-0000-0000-000000000000')).toBe(false);
  });
});
