import { abilitiesOf } from '@nestbox/shared/items/abilities';
import { describe, expect, it } from 'vitest';
import { itemFixture } from '../../../test/item-fixture';
import { provisionalText } from './create-item';

/** A box as its pane holds it: the caller's level on it, and what it allows the caller. */
const box = (fields: Parameters<typeof itemFixture>[1] = {}) =>
  itemFixture('box', { itemType: 'todoBox', parentItemId: 'root', ...fields });

describe('provisionalText', () => {
  it("gives the text what the box's level allows, by the server's rule", () => {
    const readonlyBox = box({ accessLevel: 'readonly', abilities: abilitiesOf('readonly', box()) });
    const text = provisionalText(readonlyBox, { itemId: 't1', title: 'Milk' });
    expect(text).toMatchObject({ _id: 't1', title: 'Milk', parentItemId: 'box', accessLevel: 'readonly' });
    expect(text.abilities).toEqual(abilitiesOf('readonly', { isRootBox: false, itemType: 'todoText' }));
    // A text created in the Workspace may be archived and moved, which the Workspace may not.
    const workspace = box({ isRootBox: true, abilities: abilitiesOf('owner', box({ isRootBox: true })) });
    expect(provisionalText(workspace, { itemId: 't2', title: 'Eggs' }).abilities).toMatchObject({
      archive: true,
      move: true,
      share: true,
    });
  });

  it('puts the text in Unprioritized only where the server will: a todo box that asks for it', () => {
    const settings = { autoAddToUnprioritized: true, showCompletedItems: false };
    const of = (fields: Parameters<typeof box>[0]) =>
      provisionalText(box(fields), { itemId: 't', title: 'x' }).prioritizable;
    expect(of({ boxType: 'todo', settings })).toBe(true);
    expect(of({ boxType: 'todo' })).toBe(false);
    expect(of({ boxType: 'any', settings })).toBe(false);
  });
});
