import { Button, Stack } from '@mantine/core';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeInput } from '../../../components/forms/one-time-code-input';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { loadSecondFactorSchema } from '../auth-schemas';
import { AuthHeading } from './auth-heading';
import { AuthNotice } from './auth-notice';
import { useSecondFactorPasskeyChoice } from './second-factor-passkey';

/**
 * A sign-in's second step, once the password was right and two-factor codes are on: one field
 * takes the app's six digits or a recovery code, or a passkey of the person's meets the step
 * instead. A step that expired or was locked by wrong codes offers to start again
 * (`onRestart`), with the password.
 */
export function SecondFactorForm({
  token,
  onSignedIn,
  onRestart,
}: {
  token: string;
  onSignedIn: (session: LoginResponse) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(loadSecondFactorSchema, { token, code: '' });
  const verify = useLoginSecondFactor();
  const field = useRef<HTMLInputElement>(null);
  const passkey = useSecondFactorPasskeyChoice(token, onSignedIn);
  const error = verify.error;
  // Refused on the field (a wrong or used code) or for the whole step (expired, locked).
  const shownOnField = isApiError(error) && error.fields?.code !== undefined;
  const mustRestart = [error, passkey.error].some(
    (refusal) =>
      isApiError(refusal) && (refusal.status === 429 || refusal.code === 'login.secondFactor.expired'),
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    passkey.reset();
    const body = await form.validate();
    if (!body) return;
    verify.mutate(body, {
      onSuccess: onSignedIn,
      onError: (refusal) => {
        // A wrong code is typed again: the field keeps the focus, its text selected.
        if (form.setServerErrors(isApiError(refusal) ? refusal.fields : undefined)) {
          field.current?.focus();
          field.current?.select();
        }
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('login.secondFactor.title')} description={t('login.secondFactor.subtitle')} />
        {error && !shownOnField ? <AuthNotice tone="error">{error.message}</AuthNotice> : null}
        {passkey.notice ? <AuthNotice tone={passkey.notice.tone}>{passkey.notice.message}</AuthNotice> : null}
        {mustRestart ? (
          <Button fullWidth size="md" onClick={onRestart}>
            {t('login.secondFactor.restart')}
          </Button>
        ) : (
          <>
            <OneTimeCodeInput
              label={t('login.secondFactor.code')}
              description={t('login.secondFactor.codeHint')}
              autoFocus
              ref={field}
              {...form.textInputProps('code')}
            />
            <Button type="submit" fullWidth size="md" loading={verify.isPending}>
              {t('login.secondFactor.submit')}
            </Button>
            {passkey.available ? (
              <Button
                variant="default"
                fullWidth
                size="md"
                leftSection={<IconFingerprint size={18} aria-hidden />}
                loading={passkey.pending}
                onClick={() => {
                  verify.reset();
                  passkey.start();
                }}
              >
                {t('login.secondFactor.passkey')}
              </Button>
            ) : null}
            <Button variant="subtle" fullWidth onClick={onRestart}>
              {t('login.secondFactor.back')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
