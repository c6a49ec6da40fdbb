import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { passkeyRefusalOf } from '../../../../lib/passkeys';
import { useAddPasskey } from '../../api/add-passkey';
import classes from '../app-settings.module.css';

/**
 * What the section says under its list when something did not happen: `calm` when the person
 * chose so (they closed the browser's prompt), `error` when the server or the device refused.
 */
export interface PasskeyProblem {
  tone: 'calm' | 'error';
  message: string;
}

/**
 * The words for a failed attempt to add a passkey, or `null` for a request the caller
 * canceled. The server's refusals come translated; the browser's get the section's own words.
 */
export function addProblemOf(error: unknown, t: TFunction): PasskeyProblem | null {
  if (isApiError(error)) return error.canceled ? null : { tone: 'error', message: error.message };
  switch (passkeyRefusalOf(error)) {
    case 'aborted':
    case 'cancelled':
      return { tone: 'calm', message: t('settings.security.passkeys.notAdded') };
    case 'exists':
      return { tone: 'calm', message: t('passkeys.exists') };
    case 'unsupported':
      return { tone: 'error', message: t('passkeys.unsupported') };
    default:
      return { tone: 'error', message: t('settings.security.passkeys.addFailed') };
  }
}

/** "Add a passkey": the browser's prompt, then the new passkey first in the list. */
export function AddPasskey({ onProblem }: { onProblem: (problem: PasskeyProblem | null) => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();

  const handleAdd = () => {
    onProblem(null);
    add.mutate(undefined, {
      onSuccess: (passkey) =>
        notify({ type: 'success', message: t('settings.security.passkeys.addDone', { name: passkey.name }) }),
      onError: (error) => onProblem(addProblemOf(error, t)),
    });
  };

  return (
    <Button
      variant="light"
      leftSection={<IconPlus size={16} />}
      onClick={handleAdd}
      loading={add.isPending}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('settings.security.passkeys.add')}
    </Button>
  );
}

/**
 * The problem, announced where it shows: politely when calm, at once when an error. It stays
 * until the next addition or removal.
 */
export function PasskeyProblemNotice({ problem }: { problem: PasskeyProblem }) {
  const calm = problem.tone === 'calm';
  return (
    <Alert
      color={calm ? 'gray' : 'red'}
      variant="light"
      icon={calm ? <IconInfoCircle size={18} /> : <IconAlertTriangle size={18} />}
      classNames={{ icon: classes.noticeIcon }}
      role={calm ? 'status' : 'alert'}
    >
      {problem.message}
    </Alert>
  );
}
