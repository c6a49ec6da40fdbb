import type { Pane, Workspace } from '@nestbox/shared/workspace/workspace.schema';
import { describe, expect, it } from 'vitest';
import { itemFixture } from '../../test/item-fixture';
import { paletteShortcut } from './palette-launch';
import { commandMatches, herePane, placeBox } from './palette-rules';

const pane = (id: string, itemId: string | null, type: Pane['type'] = 'box'): Pane => ({
  _id: id,
  itemId,
  type,
  scrollToItemId: null,
  width: 0,
  search: null,
});

/** Panes p0 (the Workspace), p1 (Kitchen), p2 (a search) and p3 (Garden). */
const workspace: Workspace = {
  panes: {
    p0: pane('p0', 'root'),
    p1: pane('p1', 'kitchen'),
    p2: pane('p2', null, 'search'),
    p3: pane('p3', 'garden'),
  },
  panesIndex: ['p0', 'p1', 'p2', 'p3'],
  paneObjects: {
    root: itemFixture('root', { itemType: 'todoBox', isRootBox: true }),
    kitchen: itemFixture('kitchen', { itemType: 'todoBox' }),
    garden: itemFixture('garden', { itemType: 'todoBox' }),
  },
};

describe('commandMatches', () => {
  it('finds a command by the starts of its words, in any order, accents and case aside', () => {
    expect(commandMatches('', 'Go to Organiser')).toBe(true);
    expect(commandMatches('organ', 'Go to Organiser')).toBe(true);
    expect(commandMatches('org go', 'Go to Organiser')).toBe(true);
    expect(commandMatches('ORGANISEUR', "Aller à l'organiseur")).toBe(true);
    expect(commandMatches('aller a', "Aller à l'organiseur")).toBe(true);
    expect(commandMatches('ganiser', 'Go to Organiser')).toBe(false);
    expect(commandMatches('organiser workspace', 'Go to Organiser')).toBe(false);
  });

  it('also answers to its other names', () => {
    expect(commandMatches('language', 'Passer en English (UK)', ['language', 'langue'])).toBe(true);
    expect(commandMatches('français', 'Switch language to Français')).toBe(true);
  });
});

describe('herePane', () => {
  it('is the box pane the palette was opened from, with its place and box', () => {
    expect(herePane(workspace, 'p1')).toEqual({
      paneId: 'p1',
      index: 1,
      box: workspace.paneObjects.kitchen,
    });
  });

  it('is nothing for a search pane, a pane gone, no pane, or no workspace yet', () => {
    expect(herePane(workspace, 'p2')).toBeNull();
    expect(herePane(workspace, 'gone')).toBeNull();
    expect(herePane(workspace, null)).toBeNull();
    expect(herePane(undefined, 'p1')).toBeNull();
  });
});

describe('placeBox', () => {
  const here = herePane(workspace, 'p1');

  it('brings the pane already showing the box into view on Enter', () => {
    expect(placeBox(workspace, 'garden', { here, newPane: false, samePane: false })).toEqual({
      kind: 'shown',
      paneId: 'p3',
    });
    expect(placeBox(workspace, 'garden', { here, newPane: false, samePane: true })).toEqual({
      kind: 'shown',
      paneId: 'p3',
    });
  });

  it('opens another box after the pane here, or last without one', () => {
    expect(placeBox(workspace, 'attic', { here, newPane: false, samePane: false })).toEqual({
      kind: 'new',
      pos: 2,
    });
    expect(placeBox(workspace, 'attic', { here: null, newPane: false, samePane: false })).toEqual({
      kind: 'new',
      pos: 4,
    });
  });

  it("follows 'Open boxes in: the same pane' from the pane here", () => {
    expect(placeBox(workspace, 'attic', { here, newPane: false, samePane: true })).toEqual({
      kind: 'replace',
      pos: 1,
    });
    expect(placeBox(workspace, 'attic', { here: null, newPane: false, samePane: true })).toEqual({
      kind: 'new',
      pos: 4,
    });
  });

  it('always opens a new pane on Shift+Enter, even for a box already shown', () => {
    expect(placeBox(workspace, 'garden', { here, newPane: true, samePane: true })).toEqual({
      kind: 'new',
      pos: 2,
    });
    expect(placeBox(workspace, 'garden', { here: null, newPane: true, samePane: false })).toEqual({
      kind: 'new',
      pos: 4,
    });
  });
});

describe('the shortcut', () => {
  it('is ⌘K on a Mac and Ctrl+K elsewhere', () => {
    expect(paletteShortcut(true)).toEqual({ shown: '⌘K', aria: 'Meta+K' });
    expect(paletteShortcut(false)).toEqual({ shown: 'Ctrl+K', aria: 'Control+K' });
  });
});
