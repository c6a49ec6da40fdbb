import { Combobox, Textarea } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import { forwardRef, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagOptions, useTagSuggestions } from '../../../components/tags/tag-suggestions';
import { useSuggestionList } from '../../../hooks/use-suggestion-list';
import type { TextCommit } from '../hooks/use-text-outliner';
import classes from './item-row.module.css';

export interface LineEditorProps {
  value: string;
  onChange: (value: string) => void;
  onCommit: (how: TextCommit) => void;
  onCancel: () => void;
  /** Keys seen first (Backspace after a recognised date); a key it handles goes no further. */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** What was recognised in the text, said under it. */
  description?: string | undefined;
  /** Shown while the line is empty. */
  placeholder?: string | undefined;
  /** Wraps the field (the tints over recognised dates). */
  inputContainer?: (input: ReactNode) => ReactNode;
}

/**
 * The in-place editor of a line: Enter ends it (Shift+Enter breaks the line), Escape cancels,
 * leaving ends it. While a `#tag` is typed, the caller's tags that start so are offered
 * (↑ ↓ to choose, Enter or Tab to take one, Escape to close the list).
 */
export const LineEditor = forwardRef<HTMLTextAreaElement, LineEditorProps>(function LineEditor(
  { value, onChange, onCommit, onCancel, onKeyDown, description, placeholder, inputContainer },
  ref,
) {
  const { t } = useTranslation();
  // Enter and Escape end the edit; the blur that follows must not end it a second time.
  const done = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const mergedRef = useMergedRef(ref, field);
  const [caret, setCaret] = useState(value.length);
  const suggestions = useTagSuggestions(value, caret);
  const { combobox, listOpen, listKeyDown } = useSuggestionList(
    suggestions.key,
    suggestions.options.map((tag) => tag.name).join(),
    suggestions.options.length > 0,
  );

  const followCaret = () => setCaret(field.current?.selectionStart ?? value.length);

  const chooseTag = (name: string) => {
    const next = suggestions.choose(name);
    if (!next) return;
    onChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => field.current?.setSelectionRange(next.caret, next.caret));
  };

  const finish = (end: () => void) => {
    if (done.current) return;
    done.current = true;
    end();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (listKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      finish(() => onCommit('enter'));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(onCancel);
    }
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={chooseTag}
      shadow="md"
      // Over the rows below (each row is a layer of its own), yet inside the page's main landmark.
      withinPortal
      portalProps={{ target: field.current?.closest('main') ?? undefined }}
    >
      <Combobox.Target withKeyboardNavigation={listOpen}>
        <Textarea
          ref={mergedRef}
          className={classes.editor}
          aria-label={t('item.text.label')}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
          }}
          onKeyDown={handleKeyDown}
          onKeyUp={followCaret}
          onClick={followCaret}
          onBlur={() => finish(() => onCommit('blur'))}
          onFocus={(event) => {
            const end = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(end, end);
          }}
          description={description}
          placeholder={placeholder}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          inputContainer={inputContainer}
          autosize
          minRows={1}
          maxLength={TEXT_TITLE_MAX_LENGTH}
          size="sm"
          autoFocus
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!listOpen}>
        <TagOptions options={suggestions.options} />
      </Combobox.Dropdown>
    </Combobox>
  );
});
