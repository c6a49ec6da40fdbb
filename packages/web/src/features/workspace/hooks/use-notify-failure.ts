import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import type { TranslationKey } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/**
 * Shows a failed box action as an error notification: the server's own message for a field
 * (a reserved title) when it sent one, else the SPEC §8 Boxes message for that action.
 */
export function useNotifyFailure() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallback: TranslationKey) => {
      if (isApiError(error) && error.canceled) return;
      const fieldMessage = isApiError(error) ? Object.values(error.fields ?? {})[0] : undefined;
      notify({ type: 'error', message: fieldMessage ?? t(fallback) });
    },
    [t],
  );
}
