import type { TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeInput } from '../../../../components/forms/one-time-code-input';

/** A code in Settings: the app's six digits only (`appOnly`, while enrolling), or a recovery code too. */
export function CodeInput({ appOnly = false, ...props }: TextInputProps & { appOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <OneTimeCodeInput
      label={t(appOnly ? 'settings.security.twoFactor.appCode' : 'settings.security.twoFactor.code')}
      description={appOnly ? undefined : t('settings.security.twoFactor.codeHint')}
      inputMode={appOnly ? 'numeric' : 'text'}
      {...props}
    />
  );
}
