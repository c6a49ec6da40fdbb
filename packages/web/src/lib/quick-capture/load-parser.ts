import { useEffect, useState } from 'react';

/** The capture parser's module: it carries chrono's English and French, so it loads apart. */
export type CaptureParser = typeof import('./parse-capture');

let loaded: CaptureParser | undefined;
let loading: Promise<CaptureParser> | undefined;

/** Loads the parser once (later calls share the load); a failed load is tried again next time. */
export function loadCaptureParser(): Promise<CaptureParser> {
  loading ??= import('./parse-capture').then(
    (parser) => {
      loaded = parser;
      return parser;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The parser, once loaded (null until then): a field that reads what is typed starts the load
 * as it mounts, and reads the text from the first keystroke the module is there.
 */
export function useCaptureParser(): CaptureParser | null {
  const [parser, setParser] = useState<CaptureParser | null>(loaded ?? null);
  useEffect(() => {
    if (parser) return;
    let current = true;
    loadCaptureParser().then(
      (module) => {
        if (current) setParser(module);
      },
      () => {
        // Offline or a new deployment: the field keeps working as plain text.
      },
    );
    return () => {
      current = false;
    };
  }, [parser]);
  return parser;
}
