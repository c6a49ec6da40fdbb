import { Center, EmptyState, Title, VisuallyHidden } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The workspace with no pane open: an invitation to open a box, with `children` as its action. */
export function WorkspaceEmptyState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="workspace-title">
      <VisuallyHidden>
        <Title order={1} id="workspace-title">
          {t('workspace.title')}
        </Title>
      </VisuallyHidden>
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
    </section>
  );
}
