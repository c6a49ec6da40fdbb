import { ActionIcon, Menu } from '@mantine/core';
import { COLOR_SCHEMES, type ColorScheme } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import {
  IconCheck,
  IconLayoutDashboard,
  IconLayoutRows,
  IconLogout,
  IconMenu2,
  IconSettings,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpdateCustomizations } from '../../features/settings/api/update-customizations';
import { useNotifyFailure } from '../../hooks/use-notify-failure';
import { useUser } from '../../lib/api/get-user';

const ICON = { size: 18, stroke: 1.7 } as const;

interface HeaderMenuProps {
  onToggleLayout: () => void;
  stacked: boolean;
  onWorkspaceSettings: () => void;
  onSettings: () => void;
}

/**
 * The narrow header's one menu: the tools that do not fit beside the logo (layout, workspace
 * and application settings, appearance, logout), each a full-width row.
 */
export function HeaderMenu({ onToggleLayout, stacked, onWorkspaceSettings, onSettings }: HeaderMenuProps) {
  const { t } = useTranslation();
  const scheme = useUser().customizations.colorScheme;
  const update = useUpdateCustomizations();
  const notifyFailure = useNotifyFailure();
  const choose = (colorScheme: ColorScheme) =>
    update.mutate({ colorScheme }, { onError: (error) => notifyFailure(error) });
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <ActionIcon size={44} radius="md" variant="subtle" color="gray" aria-label={t('header.menu')}>
          <IconMenu2 size={22} stroke={1.7} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          mih={44}
          leftSection={<IconLayoutRows {...ICON} />}
          rightSection={stacked ? <IconCheck {...ICON} aria-hidden /> : null}
          role="menuitemcheckbox"
          aria-checked={stacked}
          onClick={onToggleLayout}
        >
          {t('header.toggleLayout')}
        </Menu.Item>
        <Menu.Item mih={44} leftSection={<IconLayoutDashboard {...ICON} />} onClick={onWorkspaceSettings}>
          {t('workspaceSettings.title')}
        </Menu.Item>
        <Menu.Item mih={44} leftSection={<IconSettings {...ICON} />} onClick={onSettings}>
          {t('header.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('settings.customizations.colorScheme')}</Menu.Label>
        {COLOR_SCHEMES.map((option) => (
          <Menu.Item
            key={option}
            mih={44}
            role="menuitemradio"
            aria-checked={scheme === option}
            rightSection={scheme === option ? <IconCheck {...ICON} aria-hidden /> : null}
            onClick={() => choose(option)}
          >
            {t(`settings.customizations.colorScheme.${option}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item mih={44} component={Link} to={PAGE_PATHS.logout} leftSection={<IconLogout {...ICON} />}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
