import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import classes from './highlight-layer.module.css';

/** A recognised part of the field's text. */
export interface HighlightRange {
  start: number;
  end: number;
  /** Its kind tints it (date, box, today, priority). */
  kind: string;
}

interface Mark {
  index: number;
  kind: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What the mirror copies from the field, so that its text sits and wraps exactly as the field's. */
const COPIED = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontVariant',
  'letterSpacing',
  'wordSpacing',
  'textTransform',
  'textIndent',
  'lineHeight',
  'tabSize',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'boxSizing',
  'overflowWrap',
] as const;

export interface HighlightLayerProps {
  /** The input or textarea whose text is highlighted; this layer sits in a positioned box around it. */
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  value: string;
  ranges: readonly HighlightRange[];
  /** A click on a highlighted part (by its index in `ranges`). */
  onRangeClick: (index: number) => void;
}

/**
 * Tints the recognised parts of a field's text as the person types: a hidden copy of the text,
 * laid out like the field, tells where each part is, and a tint is drawn there over the field
 * (clicks go through to it; a click on a tint is reported). It says nothing to assistive
 * technology: the field's description names what was recognised.
 */
export function HighlightLayer({ field, value, ranges, onRangeClick }: HighlightLayerProps) {
  const layer = useRef<HTMLDivElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const [marks, setMarks] = useState<Mark[]>([]);
  const drawn = useRef<Mark[]>([]);
  drawn.current = marks;
  const reportClick = useRef(onRangeClick);
  reportClick.current = onRangeClick;

  const measure = useCallback(() => {
    const input = field.current;
    const box = layer.current;
    const copy = mirror.current;
    const host = box?.parentElement;
    if (!input || !box || !copy || !host) return;
    const style = getComputedStyle(input);
    for (const property of COPIED) copy.style[property] = style[property];
    copy.style.whiteSpace = input instanceof HTMLTextAreaElement ? 'pre-wrap' : 'pre';
    const hostRect = host.getBoundingClientRect();
    const inputRect = input.getBoundingClientRect();
    Object.assign(box.style, {
      left: `${inputRect.left - hostRect.left}px`,
      top: `${inputRect.top - hostRect.top}px`,
      width: `${inputRect.width}px`,
      height: `${inputRect.height}px`,
      clipPath: `inset(${style.borderTopWidth} ${style.borderRightWidth} ${style.borderBottomWidth} ${style.borderLeftWidth})`,
    });
    copy.style.width = `${inputRect.width}px`;
    copy.style.height = `${inputRect.height}px`;
    const origin = copy.getBoundingClientRect();
    const next: Mark[] = [];
    for (const span of copy.querySelectorAll<HTMLElement>('[data-range]')) {
      const index = Number(span.dataset.range);
      for (const rect of span.getClientRects()) {
        next.push({
          index,
          kind: ranges[index]?.kind ?? '',
          left: rect.left - origin.left - input.scrollLeft,
          top: rect.top - origin.top - input.scrollTop,
          width: rect.width,
          height: rect.height,
        });
      }
    }
    const same = (a: Mark, b: Mark | undefined) =>
      b !== undefined && (Object.keys(a) as (keyof Mark)[]).every((key) => a[key] === b[key]);
    if (next.length !== drawn.current.length || !next.every((mark, at) => same(mark, drawn.current[at])))
      setMarks(next);
  }, [field, ranges]);

  // Measured again after every change of the text, before the screen shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mirror holds `value`, drawn by this render.
  useLayoutEffect(measure, [measure, value]);

  useEffect(() => {
    const input: HTMLElement | null = field.current;
    if (!input) return;
    const resized = new ResizeObserver(measure);
    resized.observe(input);
    input.addEventListener('scroll', measure);
    // The caret moving along a long line scrolls the field without a scroll event in some browsers.
    input.addEventListener('keyup', measure);
    const handleClick = (event: MouseEvent) => {
      const origin = layer.current?.getBoundingClientRect();
      if (!origin) return;
      const x = event.clientX - origin.left;
      const y = event.clientY - origin.top;
      const hit = drawn.current.find(
        (mark) =>
          x >= mark.left && x <= mark.left + mark.width && y >= mark.top && y <= mark.top + mark.height,
      );
      if (hit) reportClick.current(hit.index);
    };
    input.addEventListener('click', handleClick);
    return () => {
      resized.disconnect();
      input.removeEventListener('scroll', measure);
      input.removeEventListener('keyup', measure);
      input.removeEventListener('click', handleClick);
    };
  }, [field, measure]);

  const pieces: ReactNode[] = [];
  let from = 0;
  ranges.forEach((range, index) => {
    pieces.push(value.slice(from, range.start));
    pieces.push(
      <span key={`${range.start}-${range.end}`} data-range={index}>
        {value.slice(range.start, range.end)}
      </span>,
    );
    from = range.end;
  });
  pieces.push(value.slice(from));

  return (
    <div ref={layer} className={classes.layer} aria-hidden>
      <div ref={mirror} className={classes.mirror}>
        {pieces}
        {/* A last line ending in a newline still has its height. */}
        {'\u200b'}
      </div>
      {marks.map((mark) => (
        <span
          key={`${mark.index}-${mark.left}-${mark.top}`}
          className={classes.mark}
          data-kind={mark.kind}
          style={{ left: mark.left, top: mark.top, width: mark.width, height: mark.height }}
        />
      ))}
    </div>
  );
}
