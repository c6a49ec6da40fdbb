import { describe, expect, it } from 'vitest';
import { claimsRowSwipe, releasedRowSwipe, rowSwipeAction } from './row-swipe';

describe('claimsRowSwipe', () => {
  it('takes a clearly horizontal move past 10 px', () => {
    expect(claimsRowSwipe(11, 0)).toBe(true);
    expect(claimsRowSwipe(-11, 5)).toBe(true);
  });

  it('leaves a short move to the pane', () => {
    expect(claimsRowSwipe(10, 0)).toBe(false);
    expect(claimsRowSwipe(-10, 0)).toBe(false);
  });

  it('leaves a move not 1.5 times as far sideways as vertically to the scroll', () => {
    expect(claimsRowSwipe(30, 20)).toBe(false);
    expect(claimsRowSwipe(30, 19)).toBe(true);
    expect(claimsRowSwipe(-12, 40)).toBe(false);
  });
});

describe('rowSwipeAction', () => {
  it('completes to the right and schedules to the left', () => {
    expect(rowSwipeAction(5)).toBe('complete');
    expect(rowSwipeAction(-5)).toBe('schedule');
    expect(rowSwipeAction(0)).toBeNull();
  });
});

describe('releasedRowSwipe', () => {
  it('commits past 35 % of the row width, either way', () => {
    expect(releasedRowSwipe(140, 400, 0)).toBe('complete');
    expect(releasedRowSwipe(-140, 400, 0)).toBe('schedule');
  });

  it('springs back short of it when released slowly', () => {
    expect(releasedRowSwipe(139, 400, 0.1)).toBeNull();
    expect(releasedRowSwipe(-139, 400, -0.1)).toBeNull();
  });

  it('commits a fast fling the same way, once the row has moved a little', () => {
    expect(releasedRowSwipe(40, 400, 0.8)).toBe('complete');
    expect(releasedRowSwipe(-40, 400, -0.8)).toBe('schedule');
    expect(releasedRowSwipe(20, 400, 0.8)).toBeNull();
  });

  it('does not commit a fling back towards the start', () => {
    expect(releasedRowSwipe(60, 400, -0.8)).toBeNull();
    expect(releasedRowSwipe(-60, 400, 0.8)).toBeNull();
  });
});
