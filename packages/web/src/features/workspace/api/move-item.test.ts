import type { Item } from '@nestbox/shared/items/item.schema';
import { describe, expect, it } from 'vitest';
import { planMove } from './move-item';

const item = (id: string, parentItemId = 'box-a') =>
  ({ _id: id, parentItemId, title: id }) as unknown as Item;
const ids = (items: Item[]) => items.map((one) => one._id);

describe('planMove', () => {
  const a = [item('a1'), item('a2'), item('a3')];
  const b = [item('b1', 'box-b'), item('b2', 'box-b')];

  it('reorders within a pane, after the item now above the drop', () => {
    const plan = planMove({ sourceBoxId: 'box-a', sourceIndex: 0, destBoxId: 'box-a', destIndex: 2 }, a, a);
    expect(plan && ids(plan.destItems)).toEqual(['a2', 'a3', 'a1']);
    expect(plan?.sourceItems).toBe(plan?.destItems);
    expect(plan).toMatchObject({ itemIdAdjacentToDrop: 'a3', beforeAfter: 'after' });
  });

  it('at the top of a list it anchors before the first item', () => {
    const plan = planMove({ sourceBoxId: 'box-a', sourceIndex: 2, destBoxId: 'box-a', destIndex: 0 }, a, a);
    expect(plan && ids(plan.destItems)).toEqual(['a3', 'a1', 'a2']);
    expect(plan).toMatchObject({ itemIdAdjacentToDrop: 'a1', beforeAfter: 'before' });
  });

  it('moves between panes, taking the new parent', () => {
    const plan = planMove({ sourceBoxId: 'box-a', sourceIndex: 1, destBoxId: 'box-b', destIndex: 1 }, a, b);
    expect(plan && ids(plan.sourceItems)).toEqual(['a1', 'a3']);
    expect(plan && ids(plan.destItems)).toEqual(['b1', 'a2', 'b2']);
    expect(plan?.destItems[1]?.parentItemId).toBe('box-b');
    expect(plan).toMatchObject({ itemIdAdjacentToDrop: 'b1', beforeAfter: 'after' });
  });

  it('into an empty box: no anchor (last)', () => {
    const plan = planMove({ sourceBoxId: 'box-a', sourceIndex: 0, destBoxId: 'box-c', destIndex: 0 }, a, []);
    expect(plan).toMatchObject({ itemIdAdjacentToDrop: null, beforeAfter: undefined });
  });

  it('nothing to do for a drop in place or a stale index', () => {
    expect(
      planMove({ sourceBoxId: 'box-a', sourceIndex: 1, destBoxId: 'box-a', destIndex: 1 }, a, a),
    ).toBeNull();
    expect(
      planMove({ sourceBoxId: 'box-a', sourceIndex: 9, destBoxId: 'box-b', destIndex: 0 }, a, b),
    ).toBeNull();
  });
});
