import { useSyncExternalStore } from 'react';

/**
 * Whether quick capture is open, for every part of the signed-in app that opens it: the
 * header's button, the Q key, the floating "+" on phones and the app shortcut's address.
 */
let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openQuickCapture = () => setOpen(true);
export const closeQuickCapture = () => setOpen(false);

export function useQuickCaptureOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => false,
  );
}

/** The query parameter that opens quick capture on arrival (the installed app's shortcut). */
export const CAPTURE_PARAM = 'capture';

/** `search` without the capture parameter, or null when it holds none. */
export function withoutCaptureParam(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has(CAPTURE_PARAM)) return null;
  params.delete(CAPTURE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
