import { Button } from '@mantine/core';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import { IconFingerprint } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { authenticationOf, passkeyRefusalOf, passkeySupport, webAuthn } from '../../../lib/passkeys';
import { getPasskeyLoginOptions, passkeyLogin, usePasskeyLogin } from '../api/passkey-login';

/** What a passkey sign-in that did not happen says in the form's notice. */
export interface PasskeyNotice {
  tone: 'info' | 'error';
  message: string;
}

/**
 * The words for a sign-in with a passkey that failed, or `null` when there is nothing to say
 * (another ceremony took its place, a request the page canceled). `cancelled` names the path
 * back: the password, or a code (the second step).
 */
export function passkeyNoticeOf(error: unknown, t: TFunction, cancelled: string): PasskeyNotice | null {
  if (isApiError(error)) return error.canceled ? null : { tone: 'error', message: error.message };
  switch (passkeyRefusalOf(error)) {
    case 'aborted':
      return null;
    case 'cancelled':
      return { tone: 'info', message: cancelled };
    case 'unsupported':
      return { tone: 'error', message: t('passkeys.unsupported') };
    default:
      return { tone: 'error', message: t('passkeys.failed') };
  }
}

/** The latest value of `value`, for callbacks of work that outlives the render that started it. */
function useLatest<T>(value: T) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}

/**
 * Signing in with a passkey from the login form, two ways:
 * - the button (`start`): fresh options, the browser's prompt, then the session;
 * - autofill, while `armed`: where the browser offers passkeys among the e-mail field's
 *   suggestions, a request waits for the person to pick one. Its own failures say nothing
 *   (it is ended whenever the button starts, or the form goes); once a passkey was picked,
 *   the server's refusal shows as the button's would, and autofill waits again.
 * Either way, `rememberMe` is the checkbox's value when the passkey is given.
 */
export function usePasskeySignIn({
  rememberMe,
  onSignedIn,
  armed,
}: {
  rememberMe: boolean;
  onSignedIn: (session: LoginResponse) => Promise<void>;
  armed: boolean;
}) {
  const { t } = useTranslation();
  const [supported] = useState(() => passkeySupport() === 'supported');
  const button = usePasskeyLogin();
  const [notice, setNotice] = useState<PasskeyNotice | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  /** Counts autofill requests: a new value starts the next one. */
  const [round, setRound] = useState(0);
  const remember = useLatest(rememberMe);
  const signedIn = useLatest(onSignedIn);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` starts a new request.
  useEffect(() => {
    if (!armed || !supported) return;
    const controller = new AbortController();
    let waiting: Awaited<ReturnType<typeof webAuthn>> | undefined;
    const wait = async () => {
      const autofill = await PublicKeyCredential.isConditionalMediationAvailable?.();
      if (!autofill || controller.signal.aborted) return;
      const [library, optionsJSON] = await Promise.all([
        webAuthn(),
        getPasskeyLoginOptions(controller.signal),
      ]);
      if (controller.signal.aborted) return;
      waiting = library;
      const response = await library.startAuthentication({ optionsJSON, useBrowserAutofill: true });
      waiting = undefined;
      if (controller.signal.aborted) return;
      setNotice(null);
      setSigningIn(true);
      try {
        await signedIn.current(
          await passkeyLogin({ response: authenticationOf(response), rememberMe: remember.current }),
        );
      } catch (error) {
        setNotice(passkeyNoticeOf(error, t, t('login.passkey.cancelled')));
        setRound((value) => value + 1);
      } finally {
        setSigningIn(false);
      }
    };
    wait().catch(() => {
      waiting = undefined;
    });
    return () => {
      controller.abort();
      waiting?.WebAuthnAbortService.cancelCeremony();
    };
  }, [armed, supported, round, t, remember, signedIn]);

  const start = () => {
    setNotice(null);
    button.mutate(
      { rememberMe },
      {
        onSuccess: (session) => signedIn.current(session),
        onError: (error) => {
          setNotice(passkeyNoticeOf(error, t, t('login.passkey.cancelled')));
          setRound((value) => value + 1);
        },
      },
    );
  };

  return {
    supported,
    start,
    pending: button.isPending || signingIn,
    notice,
    clear: () => setNotice(null),
  };
}

/** "Sign in with a passkey", under the password form's own button. */
export function PasskeySignInButton({ onClick, pending }: { onClick: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      fullWidth
      size="md"
      leftSection={<IconFingerprint size={18} aria-hidden />}
      onClick={onClick}
      loading={pending}
      // A long label wraps on a narrow phone rather than being cut off.
      h="auto"
      mih={42}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
    >
      {t('login.passkey.button')}
    </Button>
  );
}
