import { Button, Group, Stack } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useTouchScreen } from '../../../hooks/use-touch-screen';
import { hotkeyLabels } from '../../../lib/shortcut-list';
import { isApplePlatform } from '../../../lib/shortcuts';
import { useCreateComment } from '../api/create-comment';
import { useMentionablePeople } from '../api/get-mentionable-people';
import { clearSentDraft, useCommentDraft } from '../hooks/use-comment-draft';
import { mentionedIn } from '../lib/mentions';
import { CommentField, SEND_KEYS } from './comment-field';

/**
 * Writes a comment: a labelled field and Comment (Ctrl+Enter sends too, as the field says
 * where there is a keyboard). Once sent, the field empties and keeps the focus for the next
 * one; a send the server refused keeps the words and says why under them.
 */
export function CommentComposer({
  itemId,
  fieldRef,
}: {
  itemId: string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useCommentDraft(itemId);
  const create = useCreateComment(itemId);
  const people = useMentionablePeople(itemId) ?? [];
  const blank = draft.trim() === '';
  // A finger has no Ctrl+Enter to press: only the keyboard's way is told.
  const touch = useTouchScreen();
  const keys = hotkeyLabels(SEND_KEYS, { apple: isApplePlatform(), t }).join('+');
  const hint = [
    t('comments.markdown'),
    people.length > 0 ? t('comments.mentionHint') : '',
    touch ? '' : t('comments.sendKeys', { keys }),
  ]
    .filter(Boolean)
    .join(' ');

  const handleSend = () => {
    if (blank || create.isPending) return;
    const body = draft;
    create.mutate(
      { body, mentions: mentionedIn(body, people) },
      {
        onSuccess: () => {
          clearSentDraft(itemId, body);
          fieldRef.current?.focus();
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <CommentField
        label={t('comments.field')}
        description={hint}
        value={draft}
        onChange={(text) => {
          setDraft(text);
          if (create.isError) create.reset();
        }}
        onSubmit={handleSend}
        error={create.error}
        fieldRef={fieldRef}
        people={people}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={handleSend} loading={create.isPending} disabled={blank}>
          {t('comments.send')}
        </Button>
      </Group>
    </Stack>
  );
}
