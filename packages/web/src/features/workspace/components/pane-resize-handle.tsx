import { useTranslation } from 'react-i18next';
import { ResizeSeparator } from '../../../components/resize-separator';
import { PANE_WIDTH_LIMITS } from '../api/save-pane-width';
import classes from './workspace-view.module.css';

const KEYBOARD_STEP = 20;

interface PaneResizeHandleProps {
  width: number;
  onResize: (width: number) => void;
  onResizeEnd: (width: number) => void;
}

/** The edge to the right of a pane: drag it, or focus it and use the arrow keys, to change the width. */
export function PaneResizeHandle({ width, onResize, onResizeEnd }: PaneResizeHandleProps) {
  const { t } = useTranslation();
  return (
    <ResizeSeparator
      value={width}
      min={PANE_WIDTH_LIMITS.min}
      max={PANE_WIDTH_LIMITS.max}
      step={KEYBOARD_STEP}
      label={t('pane.resize')}
      className={classes.resizer}
      valueAt={(clientX, start) => Math.round(start.value + clientX - start.clientX)}
      onResize={onResize}
      onResizeEnd={onResizeEnd}
    />
  );
}
