import { Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { COMMENT_MAX_LENGTH } from '@nestbox/shared/comments/comments.schema';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';

/** Sends what is typed, in the composer and in an edit alike (Cmd+Enter on a Mac). */
export const SEND_KEYS = 'mod+Enter';

interface CommentFieldProps {
  label: string;
  /** The label is read out, not shown (an edit stands where the comment was). */
  hideLabel?: boolean;
  description?: ReactNode;
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  /** Escape ends the edit here, and leaves Item settings open under it. */
  onEscape?: () => void;
  /** The last refusal of what was sent, shown under the field: the server's word on the text. */
  error: Error | null;
  fieldRef?: Ref<HTMLTextAreaElement>;
  autoFocus?: boolean;
}

/** A comment's words as they are written: Markdown, up to the server's limit, sent with Ctrl+Enter. */
export function CommentField({
  label,
  hideLabel = false,
  description,
  value,
  onChange,
  onSubmit,
  onEscape,
  error,
  fieldRef,
  autoFocus,
}: CommentFieldProps) {
  const { t } = useTranslation();
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keys that end a word being composed (an accent, a Japanese word) are the composer's.
    if (event.nativeEvent.isComposing) return;
    getHotkeyHandler([[SEND_KEYS, onSubmit]])(event);
    if (event.key !== 'Escape' || !onEscape) return;
    event.preventDefault();
    // The edit ends here: the dialog around it must not take Escape as its own.
    event.stopPropagation();
    onEscape();
  };
  const refusal =
    error && !(isApiError(error) && error.canceled)
      ? (isApiError(error) && error.fields?.body) || error.message || t('error.generic')
      : undefined;
  return (
    <Textarea
      {...(hideLabel ? { 'aria-label': label } : { label })}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
      error={refusal}
      maxLength={COMMENT_MAX_LENGTH}
      autosize
      minRows={2}
      maxRows={10}
      ref={fieldRef}
      autoFocus={autoFocus}
      // Mantine's dialogs leave an Escape pressed here alone.
      data-mantine-stop-propagation={onEscape ? 'true' : undefined}
    />
  );
}
