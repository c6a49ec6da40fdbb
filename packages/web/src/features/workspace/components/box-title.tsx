import { Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { BOX_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import paneClasses from '../../../components/layout/pane.module.css';
import { useAbilities } from '../../../hooks/use-abilities';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useSaveBoxItem } from '../api/save-box-item';
import classes from './box-title.module.css';

interface BoxTitleEditorProps {
  box: Item;
  /** The edit ended: saved, cancelled, or left unchanged. */
  onDone: () => void;
  className?: string;
  size?: 'sm' | 'md';
}

/**
 * Renames a box in place: Enter saves (a reserved or empty name is refused under the field),
 * Escape cancels, and leaving a title unchanged ends the edit. The pane's heading and a box's
 * row in its parent's pane both rename with it.
 */
export function BoxTitleEditor({ box, onDone, className, size }: BoxTitleEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(box.title);
  const [error, setError] = useState<string | undefined>();
  const saveBox = useSaveBoxItem();
  const notifyFailure = useNotifyFailure();

  const handleSave = () => {
    if (saveBox.isPending) return;
    if (draft.trim() === box.title) return onDone();
    const invalid = boxTitleError(draft);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    saveBox.mutate(
      { itemId: box._id, title: draft.trim() },
      {
        onSuccess: onDone,
        onError: (failure) => notifyFailure(failure, 'boxes.titleSaveFailed'),
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleSave();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // The edit ends here: the row around it must not take Escape as its own.
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <TextInput
      className={className}
      size={size}
      aria-label={t('pane.titleLabel')}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        setError(undefined);
      }}
      onKeyDown={handleKeyDown}
      onBlur={() => {
        if (draft.trim() === box.title) onDone();
      }}
      error={error}
      maxLength={BOX_TITLE_MAX_LENGTH}
      disabled={saveBox.isPending}
      autoFocus
    />
  );
}

/** The pane's heading; a box you may edit is renamed in place (Enter saves, Escape cancels). */
export function BoxTitle({ box, title, headingId }: { box: Item; title: string; headingId: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // A Workspace keeps its name.
  const editable = useAbilities(box).edit && !box.isRootBox;

  if (editing) {
    return <BoxTitleEditor box={box} onDone={() => setEditing(false)} className={paneClasses.heading} />;
  }

  return (
    <Title order={2} fz="md" fw={650} className={paneClasses.heading} id={headingId}>
      {editable ? (
        // Inside the heading, the tip is kept out of the heading's name (it still describes the
        // button).
        <Tooltip label={t('pane.editTitle')} openDelay={400} aria-hidden>
          <UnstyledButton className={classes.titleButton} fz="md" fw={650} onClick={() => setEditing(true)}>
            {title}
          </UnstyledButton>
        </Tooltip>
      ) : (
        <Text span inherit truncate="end" display="block">
          {title}
        </Text>
      )}
    </Title>
  );
}
