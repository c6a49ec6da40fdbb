/**
 * What saving a note's draft would send, or undefined when it would change nothing: the draft
 * as typed, or '' for a blank one (a blank note is no note, as the server keeps it).
 */
export function noteToSave(draft: string, saved: string): string | undefined {
  const note = draft.trim() === '' ? '' : draft;
  return note === saved ? undefined : note;
}

/** A note's paragraphs, as its preview shows them: split at blank lines, line breaks kept inside. */
export function noteParagraphs(note: string): string[] {
  return note
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
}
