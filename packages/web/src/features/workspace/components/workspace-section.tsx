import { Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The workspace page, inside the page's main landmark: its (visually hidden) heading, then
 * the panes (each a landmark of its own) or the empty state.
 */
export function WorkspaceSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <VisuallyHidden>
        <Title order={1} id="workspace-title">
          {t('workspace.title')}
        </Title>
      </VisuallyHidden>
      {children}
    </div>
  );
}
