import { Select } from '@mantine/core';
import { isUserLocale, type UserLocale } from '@nestbox/shared/i18n/locales';
import { useTranslation } from 'react-i18next';
import { useLanguageOptions } from '../../hooks/use-reference-options';

/** The interface language Select, each language named in itself. */
export function LanguageSelect({
  value,
  onChange,
  error,
  withAsterisk,
}: {
  value: UserLocale;
  onChange: (locale: UserLocale) => void;
  error?: string | undefined;
  withAsterisk?: boolean;
}) {
  const { t } = useTranslation();
  const options = useLanguageOptions();
  return (
    <Select
      label={t('form.language')}
      data={options}
      allowDeselect={false}
      withAsterisk={withAsterisk}
      value={value}
      onChange={(next) => {
        if (next && isUserLocale(next)) onChange(next);
      }}
      error={error}
    />
  );
}
