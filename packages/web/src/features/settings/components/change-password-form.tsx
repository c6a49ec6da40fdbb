import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@nestbox/shared/constants';
import { UpdatePasswordBodySchema } from '@nestbox/shared/users/user.schema';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useUser } from '../../../lib/api/get-user';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdatePassword } from '../api/update-password';

/**
 * Current and new password. The server ends every other session and answers with a new
 * token for this one, which the mutation stores, so this tab stays logged in.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const user = useUser();
  const form = useSchemaForm(UpdatePasswordBodySchema, { currentPassword: '', password: '' });
  const update = useUpdatePassword();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = await form.validate();
    if (!body) return;
    update.mutate(body, {
      onSuccess: ({ message }) => {
        form.setFieldValue('currentPassword', '');
        form.setFieldValue('password', '');
        notify({ type: 'success', message });
      },
      onError: (error) => {
        const shownOnFields = form.setServerErrors(isApiError(error) ? error.fields : undefined);
        if (!shownOnFields) notify({ type: 'error', message: error.message });
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="settings-password-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md" id="settings-password-title">
            {t('settings.password.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.password.intro')}
          </Text>
        </Stack>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {/* Side by side from tablet width, so the whole tab fits a 1280 × 800 screen unscrolled. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <PasswordInput
            label={t('settings.password.current')}
            autoComplete="current-password"
            {...form.textInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('form.newPassword')}
            description={t('form.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            // The hint below the field, so both fields line up.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="new-password"
            {...form.textInputProps('password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={update.isPending}>
            {t('settings.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
