import { Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { BOX_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../../hooks/use-abilities';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useSaveBoxItem } from '../api/save-box-item';
import classes from './box-pane.module.css';

/** The pane's heading; a box you may edit is renamed in place (Enter saves, Escape cancels). */
export function BoxTitle({ box, title, headingId }: { box: Item; title: string; headingId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const saveBox = useSaveBoxItem();
  const notifyFailure = useNotifyFailure();
  // A Workspace keeps its name.
  const editable = useAbilities(box).edit && !box.isRootBox;

  const handleCancel = () => {
    setDraft(null);
    setError(undefined);
  };

  const handleSave = () => {
    if (draft === null || saveBox.isPending) return;
    if (draft.trim() === box.title) return handleCancel();
    const invalid = boxTitleError(draft);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    saveBox.mutate(
      { itemId: box._id, title: draft.trim() },
      {
        onSuccess: handleCancel,
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
      handleCancel();
    }
  };

  if (draft !== null) {
    return (
      <TextInput
        className={classes.heading}
        aria-label={t('pane.titleLabel')}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          if (draft.trim() === box.title) handleCancel();
        }}
        error={error}
        maxLength={BOX_TITLE_MAX_LENGTH}
        disabled={saveBox.isPending}
        autoFocus
      />
    );
  }

  return (
    <Title order={2} fz="md" fw={650} className={classes.heading} id={headingId}>
      {editable ? (
        <Tooltip label={t('pane.editTitle')} openDelay={400}>
          <UnstyledButton
            className={classes.titleButton}
            fz="md"
            fw={650}
            onClick={() => setDraft(box.title)}
          >
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
