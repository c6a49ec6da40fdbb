import { Anchor, Paper, Stack } from '@mantine/core';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { useDeviceColorScheme } from '../../hooks/use-color-scheme';
import classes from './auth-layout.module.css';
import { LanguageSwitcher } from './language-switcher';

/**
 * The logged-out pages: the product name above one centred card, the language choice below,
 * in the device's light or dark colours.
 */
export function AuthLayout() {
  const { t } = useTranslation();
  useDeviceColorScheme();
  return (
    <div className={classes.page}>
      <Stack className={classes.column} gap="lg" align="center" component="main">
        <Anchor component={Link} to={PAGE_PATHS.root} underline="never" aria-label={t('app.home')}>
          <Logo size={36} />
        </Anchor>
        <Paper w="100%" withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <Outlet />
        </Paper>
        <LanguageSwitcher />
      </Stack>
    </div>
  );
}
