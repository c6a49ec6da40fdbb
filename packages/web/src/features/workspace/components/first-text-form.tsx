import { Button, Group, TextInput } from '@mantine/core';
import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useCreatePane } from '../../../lib/api/panes/create-pane';
import { useQuickCapture } from '../../../lib/api/quick-capture';
import { newItemId } from '../../../lib/item-changes';
import { revealItem } from '../../../lib/reveal-item';

/**
 * The workspace with no pane open invites a first text: what is typed goes to the Inbox
 * (quick capture's box, made by the first text that needs it), which then opens as a pane
 * with the text in it.
 */
export function FirstTextForm() {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const capture = useQuickCapture();
  const createPane = useCreatePane();
  const notifyFailure = useNotifyFailure();
  const busy = capture.isPending || createPane.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = title.trim();
    if (text === '' || busy) return;
    try {
      const captured = await capture.mutateAsync({ title: text, itemId: newItemId() });
      if (captured.parentItemId) await createPane.mutateAsync({ pos: 0, itemId: captured.parentItemId });
      revealItem(captured._id);
    } catch (error) {
      notifyFailure(error, 'workspace.firstText.failed');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('workspace.firstText.form')}>
      <Group align="flex-end" gap="xs" wrap="nowrap" mt="md">
        <TextInput
          flex={1}
          label={t('workspace.firstText.label')}
          placeholder={t('pane.addText')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={TEXT_TITLE_MAX_LENGTH}
        />
        <Button type="submit" leftSection={<IconPlus size={16} stroke={1.8} />} loading={busy}>
          {t('workspace.firstText.add')}
        </Button>
      </Group>
    </form>
  );
}
