import { Divider, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { COLOR_SCHEMES, type ColorScheme } from '@nestbox/shared/constants';
import type { UpdateCustomizationsBody } from '@nestbox/shared/users/user.schema';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useTooltipsEnabled } from '../../../hooks/use-preferences';
import { useUser } from '../../../lib/api/get-user';
import { useSaveWorkspaceSettings } from '../../../lib/api/save-workspace-settings';
import { saveTooltipsEnabled } from '../../../lib/preferences';
import { useUpdateCustomizations } from '../api/update-customizations';
import { DeviceNotifications } from './device-notifications';

const isColorScheme = (value: string): value is ColorScheme =>
  COLOR_SCHEMES.some((scheme) => scheme === value);

/**
 * Application Settings → Customizations: colours, tooltips, keyboard shortcuts, the settings new boxes
 * start with, and reminder e-mails, all kept on the account, and this device's reminder
 * notifications. Each switch saves as soon as it flips.
 */
export function CustomizationsTab() {
  const { t } = useTranslation();
  const user = useUser();
  const tooltipsEnabled = useTooltipsEnabled();
  const update = useUpdateCustomizations();
  const saveSettings = useSaveWorkspaceSettings();
  const { customizations } = user;
  const colorSchemeId = useId();

  const notifyFailure = useNotifyFailure();
  const notifyError = (error: Error) => notifyFailure(error);
  const save = (body: UpdateCustomizationsBody) => update.mutate(body, { onError: notifyError });

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('settings.customizations.interface')}
        </Title>
        <Stack gap={6}>
          <Text id={`${colorSchemeId}-label`} size="sm" fw={500}>
            {t('settings.customizations.colorScheme')}
          </Text>
          {/* The page takes the new colours at once, from the account as saved here. */}
          <SegmentedControl
            aria-labelledby={`${colorSchemeId}-label`}
            aria-describedby={`${colorSchemeId}-description`}
            value={customizations.colorScheme}
            onChange={(value) => {
              if (isColorScheme(value)) save({ colorScheme: value });
            }}
            data={COLOR_SCHEMES.map((scheme) => ({
              value: scheme,
              label: t(`settings.customizations.colorScheme.${scheme}`),
            }))}
            w="fit-content"
          />
          <Text id={`${colorSchemeId}-description`} size="xs" c="dimmed">
            {t('settings.customizations.colorSchemeDescription')}
          </Text>
        </Stack>
        <Switch
          size="md"
          label={t('settings.tooltips.label')}
          description={t('settings.tooltips.description')}
          checked={tooltipsEnabled}
          onChange={(event) => {
            // This device follows at once (the theme reads it); the account keeps it for the others.
            const enabled = event.currentTarget.checked;
            saveTooltipsEnabled(enabled);
            saveSettings.mutate({ tooltipsEnabled: enabled }, { onError: notifyError });
          }}
        />
        <Switch
          size="md"
          label={t('settings.customizations.shortcuts')}
          description={t('settings.customizations.shortcutsDescription')}
          checked={customizations.shortcutsEnabled}
          onChange={(event) => save({ shortcutsEnabled: event.currentTarget.checked })}
        />
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('settings.customizations.newBoxes')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.customizations.newBoxesIntro')}
        </Text>
        <Switch
          size="md"
          label={t('settings.customizations.showCompleted')}
          checked={customizations.defaultShowCompletedItems}
          onChange={(event) => save({ defaultShowCompletedItems: event.currentTarget.checked })}
        />
        <Switch
          size="md"
          label={t('settings.customizations.autoAdd')}
          checked={customizations.defaultAutoAddToUnprioritized}
          onChange={(event) => save({ defaultAutoAddToUnprioritized: event.currentTarget.checked })}
        />
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('settings.customizations.notifications')}
        </Title>
        <Switch
          size="md"
          label={t('settings.customizations.reminderEmails')}
          description={t('settings.customizations.reminderEmailsDescription', { email: user.email })}
          checked={customizations.reminderEmails}
          onChange={(event) => save({ reminderEmails: event.currentTarget.checked })}
        />
        <DeviceNotifications />
      </Stack>
    </Stack>
  );
}
