import { describe, expect, it } from 'vitest';
import { boxTitleError, displayTitle, isVisibleSubItem } from './item-rules.js';

describe('boxTitleError', () => {
  it.each([
    ['', 'validation.box.title.required'],
    ['   ', 'validation.box.title.required'],
    ['Workspace', 'pane.item.box.save.failure.reserved.name'],
    ['workspace', 'pane.item.box.save.failure.reserved.name'],
    ['Team WorkSpace notes', 'pane.item.box.save.failure.reserved.name'],
    ['Favourites', 'validation.box.title.reservedFavourites'],
    [' FAVOURITES ', 'validation.box.title.reservedFavourites'],
    ['\uFF37\uFF4F\uFF52\uFF4B\uFF53\uFF50\uFF41\uFF43\uFF45', 'pane.item.box.save.failure.reserved.name'],
    ['Work\u200bspace', 'pane.item.box.save.failure.reserved.name'],
    ['W\u00adork\u2060space', 'pane.item.box.save.failure.reserved.name'],
    ['Favo\u200durites', 'validation.box.title.reservedFavourites'],
    ['\uFF26avourites', 'validation.box.title.reservedFavourites'],
    ['\u200b\u200b', 'validation.box.title.required'],
    ['x'.repeat(201), 'validation.box.title.tooLong'],
  ])('refuses %j', (title, key) => {
    expect(boxTitleError(title)).toBe(key);
  });

  it.each(['Groceries', 'My favourites list', 'Work', 'Space', 'x'.repeat(200), ` ${'x'.repeat(200)} `])(
    'accepts %j',
    (title) => {
      expect(boxTitleError(title)).toBeUndefined();
    },
  );
});

describe('isVisibleSubItem', () => {
  it('never shows archived items, and shows completed ones only when asked', () => {
    expect(isVisibleSubItem({ archivedDate: null, completed: false }, false)).toBe(true);
    expect(isVisibleSubItem({ archivedDate: null, completed: true }, false)).toBe(false);
    expect(isVisibleSubItem({ archivedDate: null, completed: true }, true)).toBe(true);
    expect(isVisibleSubItem({ archivedDate: 1, completed: false }, true)).toBe(false);
  });
});

describe('displayTitle', () => {
  it('names a Workspace in the reader’s language, whatever it is called', () => {
    expect(displayTitle({ title: 'Workspace', isRootBox: true, itemType: 'todoBox' })).toEqual({
      key: 'pane.rootTitle',
    });
  });
  it('shows an item’s own title, untouched', () => {
    expect(displayTitle({ title: ' Milk ', itemType: 'todoText' })).toEqual({ title: ' Milk ' });
  });
  it('stands in for an empty or blank title: "No title" for a box, "Text" for a text', () => {
    expect(displayTitle({ title: '', itemType: 'todoBox' })).toEqual({ key: 'pane.noTitle' });
    expect(displayTitle({ title: '   ', itemType: 'todoText' })).toEqual({ key: 'item.text.label' });
    expect(displayTitle({ title: null })).toEqual({ key: 'pane.noTitle' });
  });
});
