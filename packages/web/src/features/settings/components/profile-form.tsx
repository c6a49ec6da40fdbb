import {
  Alert,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SaveProfileBodySchema } from '@nestbox/shared/users/user.schema';
import { IconMailForward } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../../../components/forms/email-input';
import { LanguageSelect } from '../../../components/forms/language-select';
import { TimezoneSelect } from '../../../components/forms/timezone-select';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUser } from '../../../lib/api/get-user';
import { isApiError } from '../../../lib/api-client';
import { rememberLocale } from '../../../lib/i18n';
import { notify, notifyAfterReload } from '../../../lib/notify';
import { needsReload, useSaveProfile } from '../api/save-profile';

/**
 * Name, email, timezone, language, location and occupation. A new language or timezone
 * reloads the app after saving (SPEC §4), so every screen picks it up; the confirmation
 * is shown once the page is back. A new email address asks for the current password and
 * waits for the link sent to it: the address waiting is shown until then.
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const user = useUser();
  const form = useSchemaForm(SaveProfileBodySchema, {
    name: user.name,
    email: user.email,
    timezone: user.timezone,
    locale: user.locale,
    location: user.location ?? '',
    occupation: user.occupation ?? '',
    currentPassword: '',
  });
  const changesEmail = form.values.email.trim().toLowerCase() !== user.email;
  const save = useSaveProfile();
  const reloadsOnSave = needsReload(user, form.values);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validated = await form.validate();
    if (!validated) return;
    const body = changesEmail ? validated : { ...validated, currentPassword: undefined };
    save.mutate(body, {
      onSuccess: ({ message, user: saved }) => {
        if (needsReload(user, saved)) {
          notifyAfterReload({ type: 'success', message });
          rememberLocale(saved.locale);
          window.location.reload();
          return;
        }
        form.setFieldValue('currentPassword', '');
        form.setFieldValue('email', saved.email);
        notify({ type: 'success', message });
      },
      onError: (error) => {
        const shownOnFields = form.setServerErrors(isApiError(error) ? error.fields : undefined);
        // A new language that could not be saved is said as such (SPEC's own text).
        const failed = body.locale !== user.locale ? 'profile.languageFailed' : 'profile.saveFailed';
        if (!shownOnFields) notify({ type: 'error', message: t(failed) });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="settings-profile-title">
      <Stack gap="md">
        <Title order={3} fz="md" id="settings-profile-title">
          {t('settings.profile.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('form.name')}
            autoComplete="name"
            withAsterisk
            {...form.textInputProps('name')}
          />
          <EmailInput withAsterisk {...form.textInputProps('email')} />
          <TimezoneSelect
            withAsterisk
            value={form.values.timezone}
            onChange={(timezone) => form.setFieldValue('timezone', timezone)}
            error={form.errorOf('timezone')}
          />
          <LanguageSelect
            withAsterisk
            value={form.values.locale}
            onChange={(locale) => form.setFieldValue('locale', locale)}
            error={form.errorOf('locale')}
          />
          <TextInput
            label={t('settings.profile.location')}
            autoComplete="address-level2"
            {...form.textInputProps('location')}
          />
          <TextInput
            label={t('settings.profile.occupation')}
            autoComplete="organization-title"
            {...form.textInputProps('occupation')}
          />
          {changesEmail ? (
            <PasswordInput
              label={t('settings.profile.currentPassword')}
              description={t('settings.profile.currentPasswordHint')}
              autoComplete="current-password"
              withAsterisk
              {...form.textInputProps('currentPassword')}
            />
          ) : null}
        </SimpleGrid>
        {user.pendingEmail ? (
          <Alert color="blue" icon={<IconMailForward size={20} stroke={1.8} />} role="status">
            {t('settings.profile.pendingEmail', { email: user.pendingEmail })}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="md" wrap="nowrap">
          {reloadsOnSave ? (
            <Text size="sm" c="dimmed" role="status" style={{ flex: 1 }}>
              {t('settings.profile.reloadNotice')}
            </Text>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {t('settings.profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
