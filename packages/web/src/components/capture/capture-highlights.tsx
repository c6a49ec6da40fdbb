import { lazy, Suspense } from 'react';
import type { HighlightLayerProps } from './highlight-layer';

const HighlightLayer = lazy(async () => ({ default: (await import('./highlight-layer')).HighlightLayer }));

/**
 * Tints the recognised parts of a field's text (see HighlightLayer). Its code loads apart, as
 * the date parser that finds those parts does: the field itself is there and takes keys at
 * once, and the tints follow.
 */
export function CaptureHighlights(props: HighlightLayerProps) {
  return (
    <Suspense fallback={null}>
      <HighlightLayer {...props} />
    </Suspense>
  );
}
