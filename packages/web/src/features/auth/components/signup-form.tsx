import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../components/forms/email-input';
import { LanguageSelect } from '../../../components/forms/language-select';
import { TimezoneSelect } from '../../../components/forms/timezone-select';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { changeLocale, currentLocale } from '../../../lib/i18n';
import { browserTimezone } from '../../../lib/timezones';
import { useSignup } from '../api/signup';
import { loadSignupSchema } from '../auth-schemas';
import { AuthHeading } from './auth-heading';
import { AuthLink } from './auth-link';
import { AuthNotice } from './auth-notice';

/** Name, email, password, timezone and language; on success, the e-mailed activation message. */
export function SignupForm() {
  // The page's language and the account's are one choice: the footer's switch and the
  // Language field both change the page, and the account (and its e-mails) takes it.
  // (useTranslation renders again when the page's language changes.)
  const { t } = useTranslation();
  const locale = currentLocale();
  const form = useSchemaForm(loadSignupSchema, {
    name: '',
    email: '',
    password: '',
    timezone: browserTimezone(),
    locale: currentLocale(),
  });
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const validated = await form.validate();
    if (!validated) return;
    const body = { ...validated, locale };
    signup.mutate(body, {
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined;
        const emailTaken = isApiError(error) && error.code === 'validation.email.taken';
        const shownOnField = form.setServerErrors(
          fields ?? (emailTaken ? { email: error.message } : undefined),
        );
        if (!shownOnField) setFormError(error.message);
      },
    });
  };

  if (signup.isSuccess) {
    return (
      <Stack gap="md">
        <AuthHeading title={t('signup.title')} />
        <AuthNotice tone="success">{signup.data.message || t('signup.success')}</AuthNotice>
        <AuthLink to={PAGE_PATHS.login}>{t('auth.goToLogin')}</AuthLink>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('signup.title')} description={t('signup.subtitle')} />
        {formError ? <AuthNotice tone="error">{formError}</AuthNotice> : null}
        <TextInput label={t('form.name')} autoComplete="name" autoFocus {...form.textInputProps('name')} />
        <EmailInput {...form.textInputProps('email')} />
        <PasswordInput
          label={t('form.password')}
          description={t('form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          {...form.textInputProps('password')}
        />
        <TimezoneSelect
          value={form.values.timezone}
          onChange={(timezone) => form.setFieldValue('timezone', timezone)}
          error={form.errorOf('timezone')}
        />
        <LanguageSelect
          value={locale}
          onChange={(chosen) => void changeLocale(chosen)}
          error={form.errorOf('locale')}
        />
        <Button type="submit" fullWidth size="md" loading={signup.isPending}>
          {t('signup.submit')}
        </Button>
        <Text ta="center" size="sm">
          <AuthLink to={PAGE_PATHS.login} size="sm">
            {t('signup.haveAccount')}
          </AuthLink>
        </Text>
      </Stack>
    </form>
  );
}
