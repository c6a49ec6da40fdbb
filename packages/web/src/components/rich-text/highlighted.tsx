import type { ReactNode } from 'react';
import classes from './highlighted.module.css';

/** A text with the parts a search matched (`[start, end)` ranges) marked. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(
      <mark key={from} className={classes.mark}>
        {text.slice(from, to)}
      </mark>,
    );
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
