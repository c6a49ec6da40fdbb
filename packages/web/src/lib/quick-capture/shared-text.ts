import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';

/** What another app shares into Nestbox (the manifest's `share_target`: `title`, `text`, `url`). */
export interface SharedParts {
  title?: string | null;
  text?: string | null;
  url?: string | null;
}

/**
 * The text a share files into the Inbox: its title, text and link, each once (apps often put
 * the link in the text too, or the title at the start of the text), on one line, within a
 * text item's length. Empty when nothing was shared.
 */
export function sharedText({ title, text, url }: SharedParts): string {
  const parts: string[] = [];
  for (const part of [title, text, url]) {
    const clean = (part ?? '').replace(/\s+/g, ' ').trim();
    if (clean === '') continue;
    if (parts.some((earlier) => earlier.includes(clean))) continue;
    // A later part that holds an earlier one (a text starting with the title) takes its place.
    const held = parts.findIndex((earlier) => clean.includes(earlier));
    if (held !== -1) parts.splice(held, 1, clean);
    else parts.push(clean);
  }
  return parts.join(' ').slice(0, TEXT_TITLE_MAX_LENGTH);
}
