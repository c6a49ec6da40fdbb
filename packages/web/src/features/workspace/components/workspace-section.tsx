import { Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemSettingsHost } from './item-settings-host';

/** The workspace page: one landmark with its (visually hidden) heading, empty or with panes. */
export function WorkspaceSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="workspace-title">
      <VisuallyHidden>
        <Title order={1} id="workspace-title">
          {t('workspace.title')}
        </Title>
      </VisuallyHidden>
      {children}
      <ItemSettingsHost />
    </section>
  );
}
