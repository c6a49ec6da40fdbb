import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { useEffect, useSyncExternalStore } from 'react';

/** A recurrence rule in words ("every Monday"), or null for a rule it cannot read. */
export type DescribeRecurrence = (rule: string, locale: UserLocale) => string | null;

/**
 * Putting a rule in words needs `rrule`, so it loads apart, once a screen shows a repeating
 * item or reads a typed repeat: most first screens have none. Until then callers show what
 * they have (the words typed, or "Repeats").
 */
let describe: DescribeRecurrence | undefined;
let loading: Promise<DescribeRecurrence> | undefined;
const whenLoaded = new Set<() => void>();

export function loadRecurrenceWords(): Promise<DescribeRecurrence> {
  loading ??= import('@nestbox/shared/recurrence/describe-recurrence').then(
    (module) => {
      describe = module.describeRecurrence;
      for (const listener of whenLoaded) listener();
      return module.describeRecurrence;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  whenLoaded.add(listener);
  return () => whenLoaded.delete(listener);
};
const current = () => describe;

/** The describer once loaded (undefined until then); `needed` starts the load. */
export function useRecurrenceWords(needed = true): DescribeRecurrence | undefined {
  const loaded = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    // Offline or a new deployment: callers keep their fallback.
    if (needed && !loaded) loadRecurrenceWords().catch(() => {});
  }, [needed, loaded]);
  return loaded;
}
