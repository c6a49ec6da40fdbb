import { Center, EmptyState } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkspaceSection } from './workspace-section';

/** The workspace with no pane open: an invitation to open a box, with `children` as its action. */
export function WorkspaceEmptyState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <WorkspaceSection>
      <Center mih="calc(100dvh - var(--nestbox-header-height) - 2 * var(--mantine-spacing-md))" px="md">
        <EmptyState
          size="lg"
          variant="light"
          icon={<IconBox size={30} stroke={1.6} />}
          title={t('validation.box.selectToOpen')}
          description={t('workspace.emptyDetail')}
          maw={420}
        >
          {children}
        </EmptyState>
      </Center>
    </WorkspaceSection>
  );
}
