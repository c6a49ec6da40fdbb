import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRIORITY_STEP } from '../constants.js';
import { priorityAtEdge, priorityBetween, reindexedPriorities } from './priority.js';

describe('priorityBetween', () => {
  it('follows the SPEC cases', () => {
    expect(priorityBetween(null, null)).toEqual({ priority: 16384, needsReindex: false });
    expect(priorityBetween(16384, undefined)).toEqual({ priority: 32768, needsReindex: false });
    expect(priorityBetween(undefined, 16384)).toEqual({ priority: 8192, needsReindex: false });
    expect(priorityBetween(16384, 32768)).toEqual({ priority: 24576, needsReindex: false });
  });

  it('lands strictly between two neighbours far enough apart', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
        (low, gap) => {
          const high = low + gap;
          const { priority, needsReindex } = priorityBetween(low, high);
          expect(priority).toBeGreaterThan(low);
          expect(priority).toBeLessThan(high);
          expect(needsReindex).toBe(false);
        },
      ),
    );
  });

  it('asks for a reindex exactly when the result is within 1e-12 of a neighbour', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 4e-12, noNaN: true }),
        (low, gap) => {
          const { priority, needsReindex } = priorityBetween(low, low + gap);
          const tooClose = Math.abs(priority - low) < 1e-12 || Math.abs(priority - (low + gap)) < 1e-12;
          expect(needsReindex).toBe(tooClose);
        },
      ),
    );
  });

  it('keeps order at the ends of the list', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e12, noNaN: true }), (p) => {
        expect(priorityBetween(p, null).priority).toBeGreaterThan(p);
        expect(priorityBetween(null, p).priority).toBeLessThan(p);
      }),
    );
  });
});

describe('reindexedPriorities', () => {
  it('spaces items evenly in their order', () => {
    expect([...reindexedPriorities(['a', 'b', 'c']).entries()]).toEqual([
      ['a', PRIORITY_STEP],
      ['b', 2 * PRIORITY_STEP],
      ['c', 3 * PRIORITY_STEP],
    ]);
  });
});

describe('priorityAtEdge', () => {
  it('ranks a newcomer above the first of its group, below the last, or alone at 16384', () => {
    expect(priorityAtEdge([], 'top')).toEqual({ priority: PRIORITY_STEP, needsReindex: false });
    expect(priorityAtEdge([], 'bottom')).toEqual({ priority: PRIORITY_STEP, needsReindex: false });
    expect(priorityAtEdge([32768, 16384, 49152], 'top')).toEqual({ priority: 8192, needsReindex: false });
    expect(priorityAtEdge([32768, 16384, 49152], 'bottom')).toEqual({
      priority: 49152 + PRIORITY_STEP,
      needsReindex: false,
    });
  });

  it('stays above a first priority of zero or less, and asks for a reindex when halving runs out', () => {
    expect(priorityAtEdge([0, 10], 'top').priority).toBe(-PRIORITY_STEP);
    expect(priorityAtEdge([-5], 'top').priority).toBeLessThan(-5);
    expect(priorityAtEdge([1e-12], 'top').needsReindex).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1 }), (group) => {
        const { priority, needsReindex } = priorityAtEdge(group, 'top');
        if (!needsReindex) expect(priority).toBeLessThan(Math.min(...group));
        expect(priorityAtEdge(group, 'bottom').priority).toBeGreaterThan(Math.max(...group));
      }),
    );
  });
});
