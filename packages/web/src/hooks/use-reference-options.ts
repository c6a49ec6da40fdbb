import { LANGUAGES } from '@nestbox/shared/i18n/locales';
import { useMemo } from 'react';
import { useLanguages } from '../lib/api/get-languages';
import { useTimezones } from '../lib/api/get-timezones';
import { browserTimezones } from '../lib/timezones';

/** One choice of a Mantine Select. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Time zones for a Select: the server's zones with their offsets, or the browser's own list
 * if the server's is unavailable. `selected` is always among them, or the Select would
 * show nothing.
 */
export function useTimezoneOptions(selected: string): SelectOption[] {
  const timezones = useTimezones();
  return useMemo(() => {
    const options = timezones.data
      ? timezones.data.map((zone) => ({ value: zone.id, label: zone.label }))
      : browserTimezones().map((id) => ({ value: id, label: id.replaceAll('_', ' ') }));
    if (selected && !options.some((option) => option.value === selected)) {
      options.unshift({ value: selected, label: selected.replaceAll('_', ' ') });
    }
    return options;
  }, [timezones.data, selected]);
}

/** Languages for a Select, each named in itself; the bundled list until the server's arrives. */
export function useLanguageOptions(): SelectOption[] {
  const languages = useLanguages().data ?? LANGUAGES;
  return useMemo(
    () => languages.map((language) => ({ value: language.locale, label: language.name })),
    [languages],
  );
}
