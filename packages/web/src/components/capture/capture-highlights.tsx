import { Suspense } from 'react';
import { LoadBoundary, retryableLazy } from '../errors/load-boundary';
import type { HighlightLayerProps } from './highlight-layer';

const HighlightLayer = retryableLazy(async () => ({
  default: (await import('./highlight-layer')).HighlightLayer,
}));

/**
 * Tints the recognised parts of a field's text (see HighlightLayer). Its code loads apart, as
 * the date parser that finds those parts does: the field itself is there and takes keys at
 * once, and the tints follow.
 */
export function CaptureHighlights(props: HighlightLayerProps) {
  return (
    <LoadBoundary retry={HighlightLayer.retry} fallback={null}>
      <Suspense fallback={null}>
        <HighlightLayer {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
