import { describe, expect, it } from 'vitest';
import { createKeySequences, isTyping, type KeyTarget, SEQUENCE_TIMEOUT_MS } from './shortcuts';

const target = (facts: Partial<KeyTarget> & { tagName: string }): KeyTarget => ({
  isContentEditable: false,
  choosing: false,
  ...facts,
});

describe('the typing guard', () => {
  it('counts text fields of every kind, text areas, selects and editable content as typing', () => {
    for (const type of ['text', 'search', 'email', 'password', 'number', 'date', 'url', 'tel', 'range']) {
      expect(isTyping(target({ tagName: 'INPUT', type })), type).toBe(true);
    }
    expect(isTyping(target({ tagName: 'input' }))).toBe(true);
    expect(isTyping(target({ tagName: 'TEXTAREA' }))).toBe(true);
    expect(isTyping(target({ tagName: 'SELECT' }))).toBe(true);
    expect(isTyping(target({ tagName: 'DIV', isContentEditable: true }))).toBe(true);
  });

  it('counts choosing in an open combobox, list or menu as typing', () => {
    expect(isTyping(target({ tagName: 'BUTTON', choosing: true }))).toBe(true);
    expect(isTyping(target({ tagName: 'DIV', choosing: true }))).toBe(true);
  });

  it('lets shortcuts through on rows, buttons, checkboxes and the page itself', () => {
    expect(isTyping(target({ tagName: 'LI' }))).toBe(false);
    expect(isTyping(target({ tagName: 'BODY' }))).toBe(false);
    expect(isTyping(target({ tagName: 'BUTTON' }))).toBe(false);
    for (const type of ['checkbox', 'radio', 'button', 'submit', 'CHECKBOX']) {
      expect(isTyping(target({ tagName: 'INPUT', type })), type).toBe(false);
    }
  });
});

describe('key sequences', () => {
  const sequences = { workspace: ['G', 'W'], organiser: ['G', 'O'] } as const;

  it('answers the sequence the second key completes, within the time allowed', () => {
    const feed = createKeySequences(sequences);
    expect(feed('g', 0)).toBeNull();
    expect(feed('w', 400)).toBe('workspace');
    expect(feed('G', 1_000)).toBeNull();
    expect(feed('O', 1_000 + SEQUENCE_TIMEOUT_MS)).toBe('organiser');
  });

  it('forgets the first key after the time allowed', () => {
    const feed = createKeySequences(sequences);
    expect(feed('g', 0)).toBeNull();
    expect(feed('w', SEQUENCE_TIMEOUT_MS + 1)).toBeNull();
  });

  it('needs the second key next: any other key in between starts again', () => {
    const feed = createKeySequences(sequences);
    feed('g', 0);
    expect(feed('x', 10)).toBeNull();
    expect(feed('w', 20)).toBeNull();
    feed('g', 30);
    expect(feed('o', 40)).toBe('organiser');
    // A completed sequence is spent: its second key alone does nothing.
    expect(feed('o', 50)).toBeNull();
  });

  it('takes a repeated first key as a fresh start', () => {
    const feed = createKeySequences(sequences);
    feed('g', 0);
    feed('g', 1_400);
    expect(feed('w', 2_800)).toBe('workspace');
  });

  it('does nothing with a second key alone', () => {
    const feed = createKeySequences(sequences);
    expect(feed('w', 0)).toBeNull();
    expect(feed('o', 10)).toBeNull();
  });
});
