import { Button, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, ResendActivationBodySchema } from '@nestbox/shared/auth/auth.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useResendActivationLink } from '../api/resend-activation-link';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';

/**
 * Asks for the sign-up address and e-mails a new activation link. `initialValue` (the
 * optional path segment) prefills the field when it looks like an address.
 */
export function ResendActivationForm({ initialValue }: { initialValue?: string | undefined }) {
  const { t } = useTranslation();
  const prefill = initialValue && EMAIL_PATTERN.test(initialValue) ? initialValue : '';
  const form = useSchemaForm(ResendActivationBodySchema, { email: prefill });
  const resend = useResendActivationLink();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (body) resend.mutate(body);
  };

  if (resend.isSuccess) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('resend.title')} />
        <AuthNotice tone="success">{resend.data.message || t('activation.resent')}</AuthNotice>
        <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('resend.title')} description={t('resend.intro')} />
        {resend.error ? <AuthNotice tone="error">{resend.error.message}</AuthNotice> : null}
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus={!prefill}
          {...form.textInputProps('email')}
        />
        <Button type="submit" fullWidth size="md" loading={resend.isPending}>
          {t('resend.submit')}
        </Button>
        <Text ta="center" size="sm">
          <AuthLink to={PAGE_PATHS.login} size="sm">
            {t('auth.backToLogin')}
          </AuthLink>
        </Text>
      </Stack>
    </form>
  );
}
