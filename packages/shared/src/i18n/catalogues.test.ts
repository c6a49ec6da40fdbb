import { describe, expect, it } from 'vitest';
import { isMessageKey, messagesEnGb } from './messages.en-gb.js';
import { messagesFr } from './messages.fr.js';
import { uiFr } from './ui.fr.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('translates every English message into French, with the same placeholders', () => {
    for (const [key, english] of Object.entries(messagesEnGb)) {
      const french = messagesFr[key as keyof typeof messagesFr];
      expect(french, key).toBeTruthy();
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
    expect(Object.keys(messagesFr).sort()).toEqual(Object.keys(messagesEnGb).sort());
  });

  it('keeps the SPEC texts word for word', () => {
    expect(messagesEnGb['error.notFound.page']).toBe("Oops, we couldn't find a page at this address.");
    expect(messagesEnGb['error.generic']).toBe('A problem occurred trying to perform this action.');
    expect(messagesEnGb['error.server']).toBe(
      'An unexpected error occurred. Please try again in a few moments.',
    );
    expect(messagesEnGb['pane.item.box.save.failure.reserved.name']).toBe(
      "You cannot create a Box called 'Workspace' as this name is reserved.",
    );
  });

  it('knows its own keys', () => {
    expect(isMessageKey('error.generic')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('Invalid input')).toBe(false);
  });

  it('keeps French typography: a non-breaking space before : ; ! ? » and after «', () => {
    const breakable = Object.entries({ ...messagesFr, ...uiFr }).filter(([, text]) =>
      / [:;!?»]|«[^\u00a0\u202f]/.test(text),
    );
    expect(breakable).toEqual([]);
  });
});
