import { Textarea } from '@mantine/core';
import { TEXT_TITLE_MAX_LENGTH } from '@nestbox/shared/constants';
import { forwardRef, type KeyboardEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
  /** Wraps the field (the tints over recognised dates). */
  inputContainer?: (input: ReactNode) => ReactNode;
}

/** The in-place editor of a line: Enter ends it (Shift+Enter breaks the line), Escape cancels, leaving ends it. */
export const LineEditor = forwardRef<HTMLTextAreaElement, LineEditorProps>(function LineEditor(
  { value, onChange, onCommit, onCancel, onKeyDown, description, inputContainer },
  ref,
) {
  const { t } = useTranslation();
  // Enter and Escape end the edit; the blur that follows must not end it a second time.
  const done = useRef(false);

  const finish = (end: () => void) => {
    if (done.current) return;
    done.current = true;
    end();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
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
    <Textarea
      ref={ref}
      className={classes.editor}
      aria-label={t('item.text.label')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={handleKeyDown}
      onBlur={() => finish(() => onCommit('blur'))}
      onFocus={(event) => {
        const end = event.currentTarget.value.length;
        event.currentTarget.setSelectionRange(end, end);
      }}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      inputContainer={inputContainer}
      autosize
      minRows={1}
      maxLength={TEXT_TITLE_MAX_LENGTH}
      size="sm"
      autoFocus
    />
  );
});
