import { describe, expect, it } from 'vitest';
import { swipeStep } from './use-pane-swipe';

describe('swipeStep', () => {
  it('reads right to left as the next pane, left to right as the previous one', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
  });

  it('ignores a short move, however horizontal', () => {
    expect(swipeStep(-47, 0)).toBe(0);
    expect(swipeStep(48, 0)).toBe(-1);
  });

  it('ignores a move not clearly horizontal (a scroll, a diagonal)', () => {
    expect(swipeStep(-100, 50)).toBe(0);
    expect(swipeStep(-100, 49)).toBe(1);
    expect(swipeStep(10, 300)).toBe(0);
  });
});
