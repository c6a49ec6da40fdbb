import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { BOX_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import type { Item } from '@nestbox/shared/items/item.schema';
import { boxTitleError } from '@nestbox/shared/items/item-rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { isApiError } from '../../../lib/api-client';
import { useCreateItem } from '../api/create-item';

interface CreateBoxModalProps {
  opened: boolean;
  onClose: () => void;
  /** Once the modal has gone: where focus goes back to. */
  onClosed?: () => void;
  /** The box the new box goes into. */
  parentItemId: string;
  /** The box was created (before the modal closes). */
  onCreated?: (box: Item) => void;
}

/** 'Create Box' (SPEC §2): a title, checked here as the server checks it, added last in the box. */
export function CreateBoxModal({ opened, onClose, onClosed, parentItemId, onCreated }: CreateBoxModalProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const createItem = useCreateItem();
  const notifyFailure = useNotifyFailure();

  const handleClose = () => {
    setTitle('');
    setError(undefined);
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = boxTitleError(title);
    if (invalid) {
      setError(t(invalid));
      return;
    }
    createItem.mutate(
      { parentItemId, itemType: 'todoBox', title: title.trim() },
      {
        onSuccess: (box) => {
          onCreated?.(box);
          handleClose();
        },
        onError: (failure) => {
          const fieldMessage = isApiError(failure) ? failure.fields?.title : undefined;
          if (fieldMessage) setError(fieldMessage);
          else notifyFailure(failure, 'boxes.addFailed');
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      onExitTransitionEnd={onClosed}
      returnFocus={false}
      title={t('createBox.title')}
      size="md"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('createBox.field')}
            placeholder={t('createBox.placeholder')}
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={BOX_TITLE_MAX_LENGTH}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={createItem.isPending}>
              {t('createBox.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
