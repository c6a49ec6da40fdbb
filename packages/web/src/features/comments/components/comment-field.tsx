import { Combobox, Text, Textarea } from '@mantine/core';
import { getHotkeyHandler, useMergedRef } from '@mantine/hooks';
import { COMMENT_MAX_LENGTH, type Person } from '@nestbox/shared/comments/comments.schema';
import { type KeyboardEvent, type ReactNode, type Ref, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuggestionList } from '../../../hooks/use-suggestion-list';
import { isApiError } from '../../../lib/api-client';
import { completeMention, mentionAtCaret, peopleFor } from '../lib/mentions';

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
  /** Whom `@` offers to mention (everyone else who sees the item). */
  people?: readonly Person[];
}

/**
 * A comment's words as they are written: Markdown, up to the server's limit, sent with
 * Ctrl+Enter. While an `@name` is typed, the people who see the item and are so named are
 * offered (↑ ↓ to choose, Enter or Tab to take one, Escape to close the list).
 */
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
  people = [],
}: CommentFieldProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const mergedRef = useMergedRef(fieldRef, field);
  const [caret, setCaret] = useState(value.length);
  const placeCaret = useRef<{ text: string; caret: number } | null>(null);
  const mention = people.length > 0 ? mentionAtCaret(value, caret) : undefined;
  const offered = mention ? peopleFor(people, mention.typed) : [];
  const { combobox, listOpen, listKeyDown } = useSuggestionList(
    mention ? `${mention.start}:${mention.typed}` : null,
    offered.map((person) => person.id).join(),
    offered.length > 0,
  );

  const followCaret = () => setCaret(field.current?.selectionStart ?? value.length);

  const choose = (personId: string) => {
    const person = people.find(({ id }) => id === personId);
    if (!mention || !person) return;
    const next = completeMention(value, mention, person.name);
    onChange(next.text);
    setCaret(next.caret);
    placeCaret.current = next;
  };
  // The caret goes after the name as the field shows it, in the same task as the choice: a
  // later frame would move it back over what was typed meanwhile.
  useLayoutEffect(() => {
    const place = placeCaret.current;
    if (!place || field.current?.value !== place.text) return;
    placeCaret.current = null;
    field.current.setSelectionRange(place.caret, place.caret);
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keys that end a word being composed (an accent, a Japanese word) are the composer's.
    if (event.nativeEvent.isComposing) return;
    if (listKeyDown(event)) return;
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
    <Combobox store={combobox} onOptionSubmit={choose} shadow="md" withinPortal={false}>
      <Combobox.Target
        withKeyboardNavigation={listOpen}
        // A text area takes no combobox role: it says it has a list, and which option is chosen.
        withAriaAttributes={people.length > 0}
        // Mantine's dialogs leave an Escape pressed here alone: it ends the edit, or closes the list.
        data-mantine-stop-propagation={onEscape || listOpen ? 'true' : undefined}
      >
        <Textarea
          {...(hideLabel ? { 'aria-label': label } : { label })}
          description={description}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
          }}
          onKeyDown={handleKeyDown}
          onKeyUp={followCaret}
          onClick={followCaret}
          error={refusal}
          maxLength={COMMENT_MAX_LENGTH}
          autosize
          minRows={2}
          maxRows={10}
          ref={mergedRef}
          autoFocus={autoFocus}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!listOpen}>
        <Combobox.Options aria-label={t('comments.mentionPeople')}>
          {offered.map((person) => (
            <Combobox.Option value={person.id} key={person.id}>
              <Text fz="sm" span>
                @{person.name}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
