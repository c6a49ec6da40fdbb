import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import { useUser } from '../lib/api/get-user';
import { useCaptureParser } from '../lib/quick-capture/load-parser';
import type {
  CaptureBox,
  CaptureToken,
  DateReading,
  LiteralMark,
  ParsedCapture,
} from '../lib/quick-capture/parse-capture';

const sameRange = (a: LiteralMark) => (b: LiteralMark) =>
  a.start === b.start && a.end === b.end && a.text === b.text;
const markOf = ({ start, end, text }: LiteralMark): LiteralMark => ({ start, end, text });

/**
 * A field whose text is read as it is typed (quick capture, a new line in a pane): the text,
 * what the parser recognised in it, in the person's language and time zone, and the parts
 * they chose to keep as text, or to use as a date when it read as part of a title. Until the
 * parser has loaded, nothing is recognised.
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
  const [accepted, setAccepted] = useState<LiteralMark[]>([]);

  const parsed: ParsedCapture | null = useMemo(
    () =>
      parser?.parseCapture({
        text,
        locale,
        timeZone: timezone,
        now: Date.now(),
        boxes,
        literals,
        accepted,
        marks,
      }) ?? null,
    [parser, text, locale, timezone, boxes, literals, accepted, marks],
  );

  /** A new text: the parts kept as text or accepted move with the edit (or go, when it touched them). */
  const setText = useCallback(
    (next: string) => {
      setLiterals((kept) => (parser ? parser.shiftLiterals(text, next, kept) : kept));
      setAccepted((taken) => (parser ? parser.shiftLiterals(text, next, taken) : taken));
      setTextState(next);
    },
    [parser, text],
  );

  /**
   * Keeps a recognised part as it was typed: the next reading leaves it alone. A date the
   * person accepted from an offer goes back to being offered.
   */
  const keepAsText = useCallback(
    (token: CaptureToken | DateReading) => {
      const mark = markOf(token);
      if (accepted.some(sameRange(mark)))
        setAccepted((taken) => taken.filter((other) => !sameRange(mark)(other)));
      else setLiterals((kept) => [...kept, mark]);
    },
    [accepted],
  );

  /** Uses a date reading kept as text, or offered, as the text's date. */
  const takeAsDate = useCallback(
    (reading: DateReading) => {
      const mark = markOf(reading);
      if (literals.some(sameRange(mark)))
        setLiterals((kept) => kept.filter((other) => !sameRange(mark)(other)));
      else setAccepted((taken) => [...taken, mark]);
    },
    [literals],
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
    setAccepted([]);
  }, []);

  return { text, setText, parsed, literals, keepAsText, takeAsDate, handleKeyDown, clear };
}
