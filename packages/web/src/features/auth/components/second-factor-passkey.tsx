import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { passkeySupport } from '../../../lib/passkeys';
import { secondFactorPasskeyQueryOptions, useSecondFactorPasskey } from '../api/second-factor-passkey';
import { type PasskeyNotice, passkeyNoticeOf } from './passkey-sign-in';

/**
 * The second step met with a passkey instead of a code. The step asks, as it shows, for options
 * naming the person's passkeys: `available` once they came (a person without a passkey, 409
 * `passkeys.none`, is offered none). `start` uses them, then fresh ones for each later try
 * (a challenge is good once). `error` is the server's refusal, for the form to tell whether the
 * step must start again (expired, locked).
 */
export function useSecondFactorPasskeyChoice(
  token: string,
  onSignedIn: (session: LoginResponse) => Promise<void>,
) {
  const { t } = useTranslation();
  const [supported] = useState(() => passkeySupport() === 'supported');
  const first = useQuery({ ...secondFactorPasskeyQueryOptions(token), enabled: supported });
  const firstUsed = useRef(false);
  const sign = useSecondFactorPasskey();
  const [notice, setNotice] = useState<PasskeyNotice | null>(null);

  const start = () => {
    setNotice(null);
    const options = firstUsed.current ? undefined : first.data;
    firstUsed.current = true;
    sign.mutate(
      { token, options },
      {
        onSuccess: onSignedIn,
        onError: (error) => setNotice(passkeyNoticeOf(error, t, t('login.secondFactor.passkeyCancelled'))),
      },
    );
  };

  return {
    available: supported && first.isSuccess,
    start,
    pending: sign.isPending,
    notice,
    error: isApiError(sign.error) ? sign.error : null,
    reset: () => {
      setNotice(null);
      sign.reset();
    },
  };
}
