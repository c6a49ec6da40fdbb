import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './note-mark.module.css';

/**
 * The mark of an item that has a note: a quiet icon, named for what it tells ("Has a note"),
 * so a screen reader reads it with the row; nothing shows for an item without one.
 */
export function NoteMark({ note }: { note: string }) {
  const { t } = useTranslation();
  if (note.trim() === '') return null;
  const label = t('item.note.mark');
  return (
    <span className={classes.mark} data-note-mark>
      <IconNotes size={14} stroke={1.8} role="img" aria-label={label} title={label} />
    </span>
  );
}
