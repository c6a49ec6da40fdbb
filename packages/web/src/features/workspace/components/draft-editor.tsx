import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptureHighlights } from '../../../components/capture/capture-highlights';
import { useCaptureText } from '../../../hooks/use-capture-text';
import { useUser } from '../../../lib/api/get-user';
import { describeCapture } from '../../../lib/quick-capture/describe-capture';
import type { LiteralMark } from '../../../lib/quick-capture/parse-capture';
import { useRecurrenceWords } from '../../../lib/recurrence-words';
import type { TextCommit } from '../hooks/use-text-outliner';
import classes from './item-row.module.css';
import { LineEditor } from './line-editor';

export interface DraftEditorProps {
  onCommit: (title: string, how: TextCommit, literals: readonly LiteralMark[]) => void;
  onCancel: () => void;
}

/**
 * The editor of a new line: a date typed in it is recognised as it is typed (tinted, and said
 * under the line), and becomes the text's target date; a click on it, or Backspace right
 * after it, keeps it as text.
 */
export function DraftEditor({ onCommit, onCancel }: DraftEditorProps) {
  const { t } = useTranslation();
  const { locale, timezone } = useUser();
  const field = useRef<HTMLTextAreaElement>(null);
  const capture = useCaptureText({ marks: false });
  const tokens = capture.parsed?.tokens ?? [];
  const describeRule = useRecurrenceWords(tokens.some((token) => token.kind === 'recurrence'));
  const recognised = describeCapture(t, tokens, {
    timeZone: timezone,
    locale,
    now: Date.now(),
    describeRule,
  });
  return (
    <LineEditor
      ref={field}
      value={capture.text}
      onChange={capture.setText}
      onKeyDown={capture.handleKeyDown}
      onCommit={(how) => onCommit(capture.text, how, capture.literals)}
      onCancel={onCancel}
      description={recognised || undefined}
      placeholder={t('pane.addText')}
      inputContainer={(input) => (
        <div className={classes.field}>
          {input}
          <CaptureHighlights
            field={field}
            value={capture.text}
            ranges={tokens}
            onRangeClick={(index) => {
              const token = tokens[index];
              if (token) capture.keepAsText(token);
            }}
          />
        </div>
      )}
    />
  );
}
