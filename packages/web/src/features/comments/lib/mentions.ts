import type { Person } from '@nestbox/shared/comments/comments.schema';

/** How many people the list offers at once. */
const PEOPLE_OFFERED = 6;

/** A name as it is matched: no case, no accents ("Zoé" is found by "zoe"). */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The mention being typed at the caret: an `@` at the start or after a space, then what
 * follows it up to the caret (a name may hold spaces: "@Zoé Ma"), or undefined.
 */
export function mentionAtCaret(text: string, caret: number): { start: number; typed: string } | undefined {
  const match = /(?:^|\s)@([^\s@][^@\n]{0,39}|)$/u.exec(text.slice(0, caret));
  if (!match) return undefined;
  const typed = match[1] ?? '';
  return { start: caret - typed.length - 1, typed };
}

/** The people whose name, or a word of it, starts with what is typed, up to a few, by name. */
export function peopleFor(people: readonly Person[], typed: string): Person[] {
  const wanted = folded(typed);
  return people
    .filter((person) => {
      const name = folded(person.name);
      return name.startsWith(wanted) || name.split(/\s+/u).some((word) => word.startsWith(wanted));
    })
    .slice(0, PEOPLE_OFFERED);
}

/** The text with the mention typed at the caret made whole, and the caret after it. */
export function completeMention(
  text: string,
  mention: { start: number; typed: string },
  name: string,
): { text: string; caret: number } {
  const after = text.slice(mention.start + 1 + mention.typed.length);
  const inserted = `@${name}${/^\s/u.test(after) ? '' : ' '}`;
  return {
    text: `${text.slice(0, mention.start)}${inserted}${after}`,
    caret: mention.start + inserted.length,
  };
}

/**
 * The people a text mentions: each `@` followed by someone's whole name, and then neither a
 * letter nor a digit; where two names fit ("@Zoé" and "@Zoé Martin"), the longer one.
 */
export function mentionedIn(text: string, people: readonly Person[]): string[] {
  const byLength = [...people].sort((a, b) => b.name.length - a.name.length);
  const found = new Set<string>();
  for (const at of text.matchAll(/@/gu)) {
    const from = (at.index ?? 0) + 1;
    const person = byLength.find(
      ({ name }) =>
        name !== '' && text.startsWith(name, from) && !/^[\p{L}\p{N}]/u.test(text.slice(from + name.length)),
    );
    if (person) found.add(person.id);
  }
  return [...found];
}
