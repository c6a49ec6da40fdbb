import { Button, Group, Text, Textarea } from '@mantine/core';
import { NOTE_MAX_LENGTH } from '@nestbox/shared/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteText } from '../../../components/rich-text/note-text';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useSetNote } from '../../../lib/api/items/set-note';
import { noteToSave } from '../../../lib/notes';
import { detailsFailedKey, type ItemSectionProps, Section } from './item-settings-sections';

/** From this many characters on, the field says how many are left before the limit. */
const COUNT_FROM = NOTE_MAX_LENGTH - 2_000;

/**
 * The item's note: Markdown typed in a text area, shown through the titles' safe renderer in
 * Preview (and to readers). What is typed is saved when the field is left, with Save, and when
 * Item settings closes, through the item-change queue (so it waits offline and survives a
 * reload); a note changed elsewhere shows here unless the person is writing over it.
 */
export function NoteSection({ item, readonly, sectionRef }: ItemSectionProps) {
  const { t, i18n } = useTranslation();
  const setNote = useSetNote();
  const notifyFailure = useNotifyFailure();
  const [draft, setDraft] = useState(item.note);
  const [preview, setPreview] = useState(false);
  // The note last saved or seen, and the draft, read when the section goes away.
  const saved = useRef(item.note);
  const latest = useRef({ draft, itemId: item._id });
  latest.current = { draft, itemId: item._id };

  // A note changed elsewhere (another device, another person) replaces an untouched draft.
  useEffect(() => {
    setDraft((current) => (current === saved.current ? item.note : current));
    saved.current = item.note;
  }, [item.note]);

  const save = (note: string, itemId: string) => {
    const toSave = noteToSave(note, saved.current);
    if (toSave === undefined) return;
    saved.current = toSave;
    setNote.mutate(
      { itemId, note: toSave },
      { onError: (error) => notifyFailure(error, detailsFailedKey(item)) },
    );
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  // Closing Item settings keeps what was typed.
  useEffect(
    () => () => {
      saveRef.current(latest.current.draft, latest.current.itemId);
    },
    [],
  );

  const label = t('itemSettings.note.label');
  const empty = (
    <Text fz="sm" c="dimmed">
      {t('itemSettings.note.empty')}
    </Text>
  );
  let body: ReactNode;
  if (readonly) {
    body = item.note ? <NoteText note={item.note} /> : empty;
  } else {
    const unsaved = noteToSave(draft, saved.current) !== undefined;
    const count = new Intl.NumberFormat(i18n.language);
    body = (
      <>
        {preview ? (
          <div data-note-preview>{draft.trim() ? <NoteText note={draft} /> : empty}</div>
        ) : (
          <Textarea
            aria-label={label}
            placeholder={t('itemSettings.note.placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onBlur={() => save(draft, item._id)}
            maxLength={NOTE_MAX_LENGTH}
            autosize
            minRows={3}
            maxRows={14}
            description={
              draft.length >= COUNT_FROM
                ? t('itemSettings.note.count', {
                    length: count.format(draft.length),
                    max: count.format(NOTE_MAX_LENGTH),
                  })
                : undefined
            }
            data-note-field
          />
        )}
        {/* Preview stays where it is when leaving the field saves and the Save button's label
            changes under the pointer: it starts the row, and Save ends it. */}
        <Group gap="xs" justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setPreview((shown) => !shown)}
            aria-pressed={preview}
          >
            {preview ? t('itemSettings.note.edit') : t('itemSettings.note.preview')}
          </Button>
          <Button size="xs" variant="light" disabled={!unsaved} onClick={() => save(draft, item._id)}>
            {unsaved ? t('itemSettings.note.save') : t('itemSettings.note.saved')}
          </Button>
        </Group>
      </>
    );
  }

  return (
    <Section title={t('itemSettings.note')} sectionRef={sectionRef} name="note">
      {body}
    </Section>
  );
}
