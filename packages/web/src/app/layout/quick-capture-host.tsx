import { Center, Loader, Modal } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadBoundary, retryableLazy } from '../../components/errors/load-boundary';
import { organizerKey } from '../../features/organizer/api/get-organizer';
import { revealItem } from '../../lib/reveal-item';
import { applyAddItem } from './live-cache';
import { useOpenBox } from './use-open-box';

/** The form (and the date parser it loads) comes with the first opening. */
const QuickCaptureForm = retryableLazy(async () => ({
  default: (await import('../../features/capture/components/quick-capture-form')).QuickCaptureForm,
}));

/**
 * Stands for the form while its code loads: the keys typed meanwhile (a person types as soon
 * as the dialog shows) go into `typed` rather than to the dialog's Close button or to the
 * shortcuts of the page behind, and the form's field starts with them.
 */
function TypedWhileLoading({ typed }: { typed: { current: string } }) {
  const { t } = useTranslation();
  useEffect(() => {
    const keep = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key.length === 1) typed.current += event.key;
      else if (event.key === 'Backspace') typed.current = typed.current.slice(0, -1);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('keydown', keep, true);
    return () => document.removeEventListener('keydown', keep, true);
  }, [typed]);
  return (
    <Center mih={80}>
      <Loader size="sm" role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * The quick capture dialog, from every signed-in page: a captured text shows at once in its
 * box's pane and in the Organizer, and "Open" shows it in its box in the workspace.
 */
export function QuickCaptureHost({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const openBox = useOpenBox();
  const typed = useRef('');

  // As if it had arrived live: this tab ignores its own echo.
  const handleCaptured = (item: Item) => {
    applyAddItem(queryClient, { item, parentItemId: item.parentItemId });
    void queryClient.invalidateQueries({ queryKey: organizerKey });
  };

  const handleOpen = async (item: Item) => {
    if (!item.parentItemId) return;
    onClose();
    if (await openBox(item.parentItemId)) revealItem(item._id);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        typed.current = '';
        onClose();
      }}
      title={t('capture.title')}
      size="lg"
      centered={false}
      yOffset="12vh"
    >
      <LoadBoundary retry={QuickCaptureForm.retry}>
        <Suspense fallback={<TypedWhileLoading typed={typed} />}>
          <QuickCaptureForm
            onCaptured={handleCaptured}
            onOpen={(item) => void handleOpen(item)}
            typedBefore={() => typed.current}
          />
        </Suspense>
      </LoadBoundary>
    </Modal>
  );
}
