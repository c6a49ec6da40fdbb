import { useMediaQuery } from '@mantine/hooks';

/**
 * Phones: below SPEC §9's sm breakpoint (576 px), the width at which dialogs become sheets
 * (app/styles.css) and the workspace shows one pane at a time.
 */
export const PHONE_QUERY = '(max-width: 36em)';

/** Whether the window is phone-sized now, following resizes and rotations. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
