import { describe, expect, it } from 'vitest';
import { rangeKeeping } from './kept-rows';

const range = { startIndex: 10, endIndex: 12, overscan: 1, count: 100 };

describe('rangeKeeping', () => {
  it('draws the rows in sight and their overscan when nothing is kept', () => {
    expect(rangeKeeping(range, [])).toEqual([9, 10, 11, 12, 13]);
  });

  it('adds kept rows out of sight, in order', () => {
    expect(rangeKeeping(range, [50, 2])).toEqual([2, 9, 10, 11, 12, 13, 50]);
  });

  it('draws a kept row already in sight once', () => {
    expect(rangeKeeping(range, [11, 11])).toEqual([9, 10, 11, 12, 13]);
  });

  it('ignores places outside the list', () => {
    expect(rangeKeeping(range, [-1, 100, 250])).toEqual([9, 10, 11, 12, 13]);
  });
});
