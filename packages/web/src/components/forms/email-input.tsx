import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The 'Email' text input: an address keyboard and the browser's saved addresses. */
export function EmailInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('form.email')} type="email" autoComplete="email" inputMode="email" {...props} />;
}
