import { describe, expect, it } from 'vitest';
import { noteParagraphs, noteToSave } from './notes';

describe('noteToSave', () => {
  it('sends the draft as typed when it differs from the saved note', () => {
    expect(noteToSave('  **Bring** ID \n', 'old')).toBe('  **Bring** ID \n');
  });

  it('sends nothing when the draft is the saved note', () => {
    expect(noteToSave('same', 'same')).toBeUndefined();
  });

  it('treats a blank draft as no note: nothing to send over none, a removal over one', () => {
    expect(noteToSave(' \n\t', '')).toBeUndefined();
    expect(noteToSave(' \n\t', 'was here')).toBe('');
  });
});

describe('noteParagraphs', () => {
  it('splits at blank lines and keeps single line breaks', () => {
    expect(noteParagraphs('First line\nsecond line\n\n\n- a\n- b\r\n\r\nlast')).toEqual([
      'First line\nsecond line',
      '- a\n- b',
      'last',
    ]);
  });

  it('answers no paragraph for a blank note', () => {
    expect(noteParagraphs('')).toEqual([]);
    expect(noteParagraphs(' \n \n')).toEqual([]);
  });
});
