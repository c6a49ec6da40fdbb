import { describe, expect, it } from 'vitest';
import { abilitiesOf } from './abilities.js';

const text = { isRootBox: false, itemType: 'todoText' } as const;
const box = { isRootBox: false, itemType: 'todoBox' } as const;
const workspace = { isRootBox: true, itemType: 'todoBox' } as const;

describe('abilitiesOf', () => {
  it('lets an owner do everything with a text', () => {
    expect(abilitiesOf('owner', text)).toEqual({
      edit: true,
      archive: true,
      move: true,
      share: true,
      changeLevels: true,
      prioritize: true,
      setReminders: true,
    });
  });

  it('lets an editor change but not share', () => {
    expect(abilitiesOf('editor', text)).toEqual({
      edit: true,
      archive: true,
      move: true,
      share: false,
      changeLevels: false,
      prioritize: true,
      setReminders: true,
    });
  });

  it('lets a readonly member only prioritise and set reminders, which are personal', () => {
    expect(abilitiesOf('readonly', text)).toEqual({
      edit: false,
      archive: false,
      move: false,
      share: false,
      changeLevels: false,
      prioritize: true,
      setReminders: true,
    });
  });

  it('prioritises texts only', () => {
    expect(abilitiesOf('owner', box).prioritize).toBe(false);
  });

  it('never archives, moves or shares a Workspace, even for its owner', () => {
    expect(abilitiesOf('owner', workspace)).toEqual({
      edit: true,
      archive: false,
      move: false,
      share: false,
      changeLevels: false,
      prioritize: false,
      setReminders: true,
    });
  });
});
