import { useMediaQuery } from '@mantine/hooks';

/** A screen driven by a finger: its main pointer is coarse and cannot hover. */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/** Whether this device's main pointer is a finger (phones, most tablets). */
export function useTouchScreen(): boolean {
  return useMediaQuery(TOUCH_QUERY, false, { getInitialValueInEffect: false });
}

/** Phones (below SPEC §9's sm breakpoint) and touch screens of any size. */
export const TOUCH_OR_NARROW_QUERY = `(max-width: 36em), ${TOUCH_QUERY}`;

/** Whether the screen is a phone's or driven by a finger: what a thumb needs shows there. */
export function useTouchOrNarrow(): boolean {
  return useMediaQuery(TOUCH_OR_NARROW_QUERY, false, { getInitialValueInEffect: false });
}
