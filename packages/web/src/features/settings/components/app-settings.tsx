import { Divider, Stack, Switch, Tabs } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconPlugConnected, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTooltipsEnabled } from '../../../hooks/use-preferences';
import { saveTooltipsEnabled } from '../../../lib/preferences';
import classes from './app-settings.module.css';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

/**
 * The Application Settings modal's tabs. Profile opens first; Integrations arrives with a
 * later issue, so it is listed but not selectable yet.
 */
export function AppSettings() {
  const { t } = useTranslation();
  const tooltipsEnabled = useTooltipsEnabled();

  return (
    <Tabs
      defaultValue="profile"
      keepMounted={false}
      classNames={{ tab: classes.tab, tabSection: classes.tabSection }}
    >
      <Tabs.List>
        <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
          {t('settings.tab.profile')}
        </Tabs.Tab>
        <Tabs.Tab value="integrations" disabled leftSection={<IconPlugConnected size={16} />}>
          {t('settings.tab.integrations')}
        </Tabs.Tab>
        <Tabs.Tab value="customizations" leftSection={<IconAdjustmentsHorizontal size={16} />}>
          {t('settings.tab.customizations')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile" pt="lg" pb="xs">
        <Stack gap="lg">
          <ProfileForm />
          <Divider />
          <ChangePasswordForm />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="customizations" pt="lg" pb="xs">
        <Switch
          size="md"
          label={t('settings.tooltips.label')}
          description={t('settings.tooltips.description')}
          checked={tooltipsEnabled}
          onChange={(event) => saveTooltipsEnabled(event.currentTarget.checked)}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
