import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import { useUser } from '../lib/api/get-user';
import { useCaptureParser } from '../lib/quick-capture/load-parser';
import type {
  CaptureBox,
  CaptureToken,
  LiteralMark,
  ParsedCapture,
} from '../lib/quick-capture/parse-capture';

/**
 * A field whose text is read as it is typed (quick capture, a new line in a pane): the text,
 * what the parser recognised in it, in the person's language and time zone, and the parts
 * they chose to keep as text. Until the parser has loaded, nothing is recognised.
 */
export function useCaptureText({
  initialText = '',
  boxes,
  marks,
}: {
  initialText?: string;
  /** Boxes `#` may name, preferred first. */
  boxes?: readonly CaptureBox[];
  /** Read `#Box`, `!today` and `!p` too. */
  marks: boolean;
}) {
  const { locale, timezone } = useUser();
  const parser = useCaptureParser();
  const [text, setTextState] = useState(initialText);
  const [literals, setLiterals] = useState<LiteralMark[]>([]);

  const parsed: ParsedCapture | null = useMemo(
    () =>
      parser?.parseCapture({ text, locale, timeZone: timezone, now: Date.now(), boxes, literals, marks }) ??
      null,
    [parser, text, locale, timezone, boxes, literals, marks],
  );

  /** A new text: the parts kept as text move with the edit (or go, when it touched them). */
  const setText = useCallback(
    (next: string) => {
      setLiterals((kept) => (parser ? parser.shiftLiterals(text, next, kept) : kept));
      setTextState(next);
    },
    [parser, text],
  );

  /** Keeps a recognised part as it was typed: the next reading leaves it alone. */
  const keepAsText = useCallback(
    ({ start, end, text: part }: CaptureToken) =>
      setLiterals((kept) => [...kept, { start, end, text: part }]),
    [],
  );

  /** Backspace right after a recognised part keeps it as text instead of deleting a character. */
  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key !== 'Backspace' || !parsed) return;
      const { selectionStart, selectionEnd } = event.currentTarget;
      if (selectionStart === null || selectionStart !== selectionEnd) return;
      const token = parsed.tokens.find((found) => found.end === selectionStart);
      if (!token) return;
      event.preventDefault();
      keepAsText(token);
    },
    [parsed, keepAsText],
  );

  const clear = useCallback(() => {
    setTextState('');
    setLiterals([]);
  }, []);

  return { text, setText, parsed, literals, keepAsText, handleKeyDown, clear };
}
