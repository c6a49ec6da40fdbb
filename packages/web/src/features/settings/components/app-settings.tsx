import { Divider, Stack, Tabs } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconDatabase,
  IconFileExport,
  IconPlugConnected,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/api/get-user';
import classes from './app-settings.module.css';
import { ChangePasswordForm } from './change-password-form';
import { CustomizationsTab } from './customizations-tab';
import { DataTab } from './data-tab';
import { DatabaseTab } from './database-tab';
import { IntegrationsTab } from './integrations-tab';
import { ProfileForm } from './profile-form';
import { RecentActivity } from './recent-activity';
import { SecurityTab } from './security-tab';

/** Shows a section of the tab just opened: scrolled to, and its heading focused. */
function showSection(headingId: string) {
  requestAnimationFrame(() => {
    const heading = document.getElementById(headingId);
    if (!heading) return;
    heading.tabIndex = -1;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  });
}

/**
 * The Application Settings modal's tabs (SPEC §2): Profile (with Recent activity), Security
 * (passkeys, two-factor codes, API tokens in use), Integrations, Customizations, Data
 * (export, import, calendar feed, API tokens) and, for administrators only, Database.
 * `onOpenBox` closes the settings and opens a box in the Workspace.
 */
export function AppSettings({ onOpenBox }: { onOpenBox?: (boxId: string) => void }) {
  const { t } = useTranslation();
  const { isAdmin } = useUser();
  const [tab, setTab] = useState<string | null>('profile');

  return (
    <Tabs
      value={tab}
      onChange={setTab}
      keepMounted={false}
      classNames={{ list: classes.list, tab: classes.tab, tabSection: classes.tabSection }}
    >
      <Tabs.List>
        <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
          {t('settings.tab.profile')}
        </Tabs.Tab>
        <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} />}>
          {t('settings.tab.security')}
        </Tabs.Tab>
        <Tabs.Tab value="integrations" leftSection={<IconPlugConnected size={16} />}>
          {t('settings.tab.integrations')}
        </Tabs.Tab>
        <Tabs.Tab value="customizations" leftSection={<IconAdjustmentsHorizontal size={16} />}>
          {t('settings.tab.customizations')}
        </Tabs.Tab>
        <Tabs.Tab value="data" leftSection={<IconFileExport size={16} />}>
          {t('settings.tab.data')}
        </Tabs.Tab>
        {isAdmin && (
          <Tabs.Tab value="database" leftSection={<IconDatabase size={16} />}>
            {t('settings.tab.database')}
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="profile" pt="lg" pb="xs">
        <Stack gap="lg">
          <ProfileForm />
          <Divider />
          <ChangePasswordForm />
          <Divider />
          <RecentActivity />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="security" pt="lg" pb="xs">
        <SecurityTab
          onManageTokens={() => {
            setTab('data');
            showSection('settings-tokens-title');
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="integrations" pt="lg" pb="xs">
        <IntegrationsTab />
      </Tabs.Panel>
      <Tabs.Panel value="customizations" pt="lg" pb="xs">
        <CustomizationsTab />
      </Tabs.Panel>
      <Tabs.Panel value="data" pt="lg" pb="xs">
        <DataTab onOpenBox={onOpenBox} />
      </Tabs.Panel>
      {isAdmin && (
        <Tabs.Panel value="database" pt="lg" pb="xs">
          <DatabaseTab />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
