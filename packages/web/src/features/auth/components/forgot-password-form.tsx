import { Button, Stack, Text, TextInput } from '@mantine/core';
import { ForgotBodySchema } from '@nestbox/shared/auth/auth.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';

/** One email box and 'Send Reminder Email'; on success, the server's confirmation. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(ForgotBodySchema, { email: '' });
  const forgot = useForgotPassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate();
    if (body) forgot.mutate(body);
  };

  if (forgot.isSuccess) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('forgot.title')} />
        <AuthNotice tone="success">{forgot.data.message || t('forgot.sent')}</AuthNotice>
        <AuthLink to={PAGE_PATHS.login}>{t('auth.backToLogin')}</AuthLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('forgot.title')} description={t('forgot.intro')} />
        {forgot.error ? <AuthNotice tone="error">{forgot.error.message}</AuthNotice> : null}
        <TextInput
          label={t('form.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.textInputProps('email')}
        />
        <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
          {t('forgot.submit')}
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
