import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/**
 * The rows a virtual list draws: those in sight (with its overscan), and the rows at `keep`
 * wherever the list is scrolled (the row holding its Tab stop, the one being edited), so that
 * Tab and Shift+Tab find them. In order, each once.
 */
export function rangeKeeping(range: Range, keep: readonly number[]): number[] {
  const shown = defaultRangeExtractor(range);
  const extra = [...new Set(keep)].filter((at) => at >= 0 && at < range.count && !shown.includes(at));
  return extra.length === 0 ? shown : [...shown, ...extra].sort((a, b) => a - b);
}
