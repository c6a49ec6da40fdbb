import { describe, expect, it } from 'vitest';
import { type GapRow, gapAt, gapCentre, indexAfterDrop, nextGap } from './drop-gaps';

const rows = (...heights: [number, boolean?][]): GapRow[] => {
  let start = 0;
  return heights.map(([height, heading]) => {
    const row = { start, end: start + height, heading };
    start += height;
    return row;
  });
};

describe('gapAt', () => {
  const list = rows([40], [40], [40]);
  it('splits a row at its middle: upper half before it, lower half after it', () => {
    expect(gapAt(list, -5)).toBe(0);
    expect(gapAt(list, 19)).toBe(0);
    expect(gapAt(list, 20)).toBe(1);
    expect(gapAt(list, 59)).toBe(1);
    expect(gapAt(list, 61)).toBe(2);
    expect(gapAt(list, 119)).toBe(3);
    expect(gapAt(list, 500)).toBe(3);
    expect(gapAt([], 10)).toBe(0);
  });

  it('gives a whole heading to the gap after it (the top of its group)', () => {
    // Today heading, an item, Undated heading, an item.
    const grouped = rows([36, true], [44], [36, true], [44]);
    expect(gapAt(grouped, 1)).toBe(1);
    expect(gapAt(grouped, 79)).toBe(2);
    // The band for the top of Undated is the heading (80 to 116) and the upper half of its
    // first item (to 138): 58 px, more than the 44 px of a gap between two items.
    const band = [80, 81, 100, 116, 137, 138].map((offset) => gapAt(grouped, offset));
    expect(band).toEqual([3, 3, 3, 3, 3, 4]);
  });
});

describe('gapCentre', () => {
  it('is a point inside the gap it names', () => {
    const grouped = rows([36, true], [44], [36, true], [44], [44]);
    for (let gap = 1; gap <= grouped.length; gap++) {
      expect(gapAt(grouped, gapCentre(grouped, gap))).toBe(gap);
    }
  });
});

describe('nextGap', () => {
  it('skips the two gaps around the dragged row, where a drop moves nothing', () => {
    // Row 1 of 4 is dragged: gaps 1 and 2 leave it where it is.
    expect(nextGap(2, -1, 4, 1)).toBe(0);
    expect(nextGap(2, 1, 4, 1)).toBe(3);
    expect(nextGap(1, 1, 4, 1)).toBe(3);
    expect(nextGap(0, 1, 4, 1)).toBe(1);
    expect(nextGap(4, 1, 4, 1)).toBe(4);
    expect(nextGap(0, -1, 4, null)).toBe(0);
  });
});

describe('indexAfterDrop', () => {
  it('counts the dragged row out of gaps below it in its own list', () => {
    expect(indexAfterDrop(3, 0)).toBe(2);
    expect(indexAfterDrop(0, 2)).toBe(0);
    expect(indexAfterDrop(3, null)).toBe(3);
  });
});
