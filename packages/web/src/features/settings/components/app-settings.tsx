import { Switch, Tabs } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconPlugConnected, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTooltipsEnabled } from '../../../hooks/use-preferences';
import { saveTooltipsEnabled } from '../../../lib/preferences';
import classes from './app-settings.module.css';

/**
 * The Application Settings modal's tabs. Profile and Integrations arrive with later issues,
 * so they are listed but not selectable yet; Customizations works today.
 */
export function AppSettings() {
  const { t } = useTranslation();
  const tooltipsEnabled = useTooltipsEnabled();

  return (
    <Tabs
      defaultValue="customizations"
      keepMounted={false}
      classNames={{ tab: classes.tab, tabSection: classes.tabSection }}
    >
      <Tabs.List>
        <Tabs.Tab value="profile" disabled leftSection={<IconUser size={16} />}>
          {t('settings.tab.profile')}
        </Tabs.Tab>
        <Tabs.Tab value="integrations" disabled leftSection={<IconPlugConnected size={16} />}>
          {t('settings.tab.integrations')}
        </Tabs.Tab>
        <Tabs.Tab value="customizations" leftSection={<IconAdjustmentsHorizontal size={16} />}>
          {t('settings.tab.customizations')}
        </Tabs.Tab>
      </Tabs.List>
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
