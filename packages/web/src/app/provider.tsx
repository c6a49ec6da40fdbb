import './mantine-base.css';
import './styles.css';

import { MantineProvider, useComputedColorScheme } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { useTooltipsEnabled } from '../hooks/use-preferences';
import { colorSchemeManager, showThemeColor } from '../lib/color-scheme';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { NotificationsHost } from './notifications-host';
import { createAppTheme, cssVariablesResolver } from './theme';

/** The browser's bars (`<meta name="theme-color">`) take the colours shown, and change with them. */
function ThemeColor() {
  const shown = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => showThemeColor(shown), [shown]);
  return null;
}

/**
 * Everything the screens rely on: i18n, theme (light or dark: lib/color-scheme.ts), crash
 * screen, server state (the given client, which may already be fetching the first screen, or
 * a new one), modals, notifications.
 */
export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const tooltipsEnabled = useTooltipsEnabled();
  const { t } = useTranslation(undefined, { i18n });
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language.
  const theme = useMemo(
    () =>
      createAppTheme({
        tooltipsEnabled,
        labels: {
          close: t('common.close'),
          passwordToggle: t('form.password.toggle'),
          calendar: {
            previousMonth: t('calendar.previousMonth'),
            nextMonth: t('calendar.nextMonth'),
            previousYear: t('calendar.previousYear'),
            nextYear: t('calendar.nextYear'),
            previousDecade: t('calendar.previousDecade'),
            nextDecade: t('calendar.nextDecade'),
          },
        },
      }),
    [tooltipsEnabled, t, language],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <ThemeColor />
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <section aria-label={t('notifications.label')}>
              <NotificationsHost />
            </section>
            {children}
          </QueryClientProvider>
        </AppErrorBoundary>
      </MantineProvider>
    </I18nextProvider>
  );
}
