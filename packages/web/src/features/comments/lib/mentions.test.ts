import { describe, expect, it } from 'vitest';
import { completeMention, mentionAtCaret, mentionedIn, peopleFor } from './mentions';

const zoe = { id: 'u1', name: 'Zoé Martin' };
const zoeShort = { id: 'u2', name: 'Zoé' };
const max = { id: 'u3', name: 'Max Dupont' };

describe('mentions', () => {
  it('finds the mention typed at the caret, names with spaces included', () => {
    expect(mentionAtCaret('Ask @Zo', 7)).toEqual({ start: 4, typed: 'Zo' });
    expect(mentionAtCaret('@', 1)).toEqual({ start: 0, typed: '' });
    expect(mentionAtCaret('Ask @Zoé Ma', 11)).toEqual({ start: 4, typed: 'Zoé Ma' });
    // An address is no mention, nor an @ the caret has left behind a line.
    expect(mentionAtCaret('mail zoe@example.org', 20)).toBeUndefined();
    expect(mentionAtCaret('@Zoé\nthen', 9)).toBeUndefined();
  });

  it('offers people by the start of their name or of a word of it, without case or accents', () => {
    expect(peopleFor([zoe, max], 'zoe')).toEqual([zoe]);
    expect(peopleFor([zoe, max], 'dup')).toEqual([max]);
    expect(peopleFor([zoe, max], '')).toEqual([zoe, max]);
    expect(peopleFor([zoe, max], 'artin')).toEqual([]);
  });

  it('completes the name, with a space after it unless one follows', () => {
    expect(completeMention('Ask @Zo', { start: 4, typed: 'Zo' }, 'Zoé Martin')).toEqual({
      text: 'Ask @Zoé Martin ',
      caret: 16,
    });
    expect(completeMention('@Zo today', { start: 0, typed: 'Zo' }, 'Zoé Martin')).toEqual({
      text: '@Zoé Martin today',
      caret: 11,
    });
  });

  it('reads whom a text mentions, the longest name first, whole names only', () => {
    expect(mentionedIn('@Zoé Martin and @Max Dupont, see', [zoe, zoeShort, max]).sort()).toEqual([
      'u1',
      'u3',
    ]);
    expect(mentionedIn('@Zoé, see', [zoe, zoeShort])).toEqual(['u2']);
    expect(mentionedIn('@Zoéline', [zoeShort])).toEqual([]);
    expect(mentionedIn('Zoé Martin without the at', [zoe])).toEqual([]);
  });
});
