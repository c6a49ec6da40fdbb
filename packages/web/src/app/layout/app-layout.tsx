import { AppShell } from '@mantine/core';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useWorkspaceLayout } from '../../hooks/use-preferences';
import { useSessionToken } from '../../hooks/use-session-token';
import { AppHeader } from './app-header';

/**
 * Every `/app` page. It re-renders on each location change (it reads the location), and each
 * render reads the token from local storage again: with no token, the visitor goes to
 * /logout, which lands on the login page (SPEC §2). A logout in another tab does the same.
 */
export function AppLayout() {
  useLocation();
  const token = useSessionToken();
  const layout = useWorkspaceLayout();

  if (!token) return <Navigate to={PAGE_PATHS.logout} replace />;

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main data-layout={layout} bg="var(--nestbox-page-bg)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
