import { noteParagraphs } from '../../lib/notes';
import { RichText } from './rich-text';
import classes from './rich-text.module.css';

/**
 * A note as it reads: a paragraph per block of lines, each through the same safe renderer as
 * titles (light formatting, links that open in a new tab, tag chips), line breaks kept.
 */
export function NoteText({ note }: { note: string }) {
  return (
    <div className={classes.note}>
      {noteParagraphs(note).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place.
        <p key={index}>
          <RichText text={paragraph} />
        </p>
      ))}
    </div>
  );
}
