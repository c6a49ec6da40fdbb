import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ResizeSeparator } from '../../../components/resize-separator';
import classes from './organizer-lists.module.css';

const MIN = 25;
const MAX = 75;
const KEYBOARD_STEP = 5;

interface SplitHandleProps {
  percentage: number;
  /** The element both lists share, to turn the pointer position into a percentage. */
  containerRef: RefObject<HTMLDivElement | null>;
  onResize: (percentage: number) => void;
  onResizeEnd: (percentage: number) => void;
}

/** The bar between the two lists: drag it, or focus it and use the arrow keys, to share the width. */
export function SplitHandle({ percentage, containerRef, onResize, onResizeEnd }: SplitHandleProps) {
  const { t } = useTranslation();
  const percentageAt = (clientX: number) => {
    const box = containerRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? Math.round(((clientX - box.left) / box.width) * 1000) / 10 : percentage;
  };
  return (
    <ResizeSeparator
      value={percentage}
      min={MIN}
      max={MAX}
      step={KEYBOARD_STEP}
      label={t('organiser.resize')}
      className={classes.splitHandle}
      valueAt={percentageAt}
      onResize={onResize}
      onResizeEnd={onResizeEnd}
    />
  );
}
