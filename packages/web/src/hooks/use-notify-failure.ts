import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import type { TranslationKey } from '../lib/i18n';
import { notify } from '../lib/notify';

/**
 * The one way a failed action is told: an error notification, never for a request its
 * caller canceled, nor twice for one failure (see ApiError.told). The server's message for a field (a reserved title) wins; then the
 * action's own message when one is given (SPEC §8); else the server's translated message,
 * or a generic one when no answer came.
 */
export function useNotifyFailure() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback?: TranslationKey) => {
      if (isApiError(error) && (error.canceled || error.told)) return;
      if (isApiError(error)) error.told = true;
      const fieldMessage = isApiError(error) ? Object.values(error.fields ?? {})[0] : undefined;
      const serverMessage = isApiError(error) && error.status > 0 ? error.message : undefined;
      notify({
        type: 'error',
        message: fieldMessage ?? (fallback ? t(fallback) : (serverMessage ?? t('error.generic'))),
      });
    },
    [t],
  );
}
