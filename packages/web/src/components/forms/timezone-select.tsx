import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimezoneOptions } from '../../hooks/use-reference-options';

/** A searchable time zone Select; an empty `value` shows nothing chosen. */
export function TimezoneSelect({
  value,
  onChange,
  error,
  withAsterisk,
}: {
  value: string;
  onChange: (timezone: string) => void;
  error?: string | undefined;
  withAsterisk?: boolean;
}) {
  const { t } = useTranslation();
  const options = useTimezoneOptions(value);
  return (
    <Select
      label={t('form.timezone')}
      placeholder={t('form.timezone.search')}
      data={options}
      searchable
      nothingFoundMessage={t('form.timezone.nothingFound')}
      allowDeselect={false}
      maxDropdownHeight={280}
      withAsterisk={withAsterisk}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
    />
  );
}
