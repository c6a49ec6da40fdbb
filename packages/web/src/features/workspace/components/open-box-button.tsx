import { Button, Modal, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFolderOpen } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../../components/errors/load-boundary';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useCreatePane } from '../../../lib/api/panes/create-pane';

/** The box finder's code loads when the dialog first opens: a workspace with panes never needs it. */
const BoxFinder = retryableLazy(async () => ({
  default: (await import('../../../components/items/box-finder')).BoxFinder,
}));

/** 'Open a box' in the empty workspace: the box finder with Open buttons; the box opens in the first pane. */
export function OpenBoxButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const createPane = useCreatePane();
  const notifyFailure = useNotifyFailure();

  return (
    <>
      <Button
        variant="default"
        mt="md"
        leftSection={<IconFolderOpen size={18} stroke={1.7} />}
        onClick={open}
      >
        {t('workspace.openBox')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('workspace.openBox')} size="md">
        <LoadBoundary retry={BoxFinder.retry}>
          <Suspense fallback={<Skeleton height={36} radius="sm" aria-hidden="true" />}>
            <BoxFinder
              action="open"
              pendingId={createPane.isPending ? createPane.variables?.itemId : null}
              onAction={(box) =>
                createPane.mutate(
                  { pos: 0, itemId: box._id },
                  { onSuccess: close, onError: (error) => notifyFailure(error, 'boxes.addFailed') },
                )
              }
            />
          </Suspense>
        </LoadBoundary>
      </Modal>
    </>
  );
}
