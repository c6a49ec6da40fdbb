import { describe, expect, it } from 'vitest';
import { joinsUnprioritized } from './auto-add.js';

describe('joinsUnprioritized', () => {
  const todoBox = { boxType: 'todo', autoAddToUnprioritized: true } as const;

  it('adds a text created in a todo box that asks for it', () => {
    expect(joinsUnprioritized('todoText', todoBox)).toBe(true);
  });

  it('leaves it out when the box does not ask for it', () => {
    expect(joinsUnprioritized('todoText', { ...todoBox, autoAddToUnprioritized: false })).toBe(false);
  });

  it('adds texts only, never a box', () => {
    expect(joinsUnprioritized('todoBox', todoBox)).toBe(false);
  });

  it('adds only in todo boxes, whatever the switch says elsewhere', () => {
    expect(joinsUnprioritized('todoText', { ...todoBox, boxType: 'any' })).toBe(false);
    expect(joinsUnprioritized('todoText', { ...todoBox, boxType: 'search' })).toBe(false);
  });
});
