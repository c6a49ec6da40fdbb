import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { Item } from '@nestbox/shared/items/item.schema';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { archiveItem, refetchAfterArchive } from '../../../lib/api/items/archive-item';
import { useQuickCapture } from '../../../lib/api/quick-capture';
import { newItemId } from '../../../lib/item-changes';
import { sharedText } from '../../../lib/quick-capture/shared-text';
import { revealItem } from '../../../lib/reveal-item';
import { useOfferUndo } from '../../../lib/undo';
import { applyAddItem } from '../../layout/live-cache';
import { useOpenBox } from '../../layout/use-open-box';

/**
 * `/app/share?title=&text=&url=`: where a link or a text shared from another app lands (the
 * manifest's `share_target`). Signed in, it files the words into the Inbox at once, through
 * quick capture, and shows them with Undo; signed out, the layout keeps this address (and so
 * the words) through the login.
 */
export function ShareRoute() {
  const { t } = useTranslation();
  usePageTitle(t('share.title'));
  const [params] = useSearchParams();
  const [text] = useState(() =>
    sharedText({ title: params.get('title'), text: params.get('text'), url: params.get('url') }),
  );
  const queryClient = useQueryClient();
  const send = useQuickCapture();
  const offerUndo = useOfferUndo();
  const openBox = useOpenBox();
  const sent = useRef(false);
  const [item, setItem] = useState<Item | null>(null);
  const takeBack = useMutation({
    mutationFn: (itemId: string) => archiveItem(itemId),
    onSuccess: ({ undoId }, itemId) => {
      offerUndo(undoId, t('share.undone'));
      void refetchAfterArchive(queryClient, itemId);
    },
  });

  // Once per share: a re-render (or React's double effects in development) files nothing twice.
  useEffect(() => {
    if (sent.current || text === '') return;
    sent.current = true;
    send.mutate(
      { title: text, itemId: newItemId() },
      {
        onSuccess: (captured) => {
          setItem(captured);
          applyAddItem(queryClient, { item: captured, parentItemId: captured.parentItemId });
        },
      },
    );
  }, [text, send, queryClient]);

  const open = async () => {
    if (item?.parentItemId && (await openBox(item.parentItemId))) revealItem(item._id);
  };

  return (
    <Paper maw={560} mx="auto" p="lg" withBorder>
      <Stack gap="md">
        <Title order={1} fz="h3">
          {t('share.title')}
        </Title>
        <div role="status">
          {text === '' ? (
            <Text>{t('share.empty')}</Text>
          ) : send.isError ? (
            <Text c="var(--mantine-color-error)">{t('share.failed')}</Text>
          ) : takeBack.isSuccess ? (
            <Text>{t('share.undone')}</Text>
          ) : item ? (
            <Stack gap={4}>
              <Text>{t('share.added')}</Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
            </Stack>
          ) : (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text>{t('share.saving')}</Text>
            </Group>
          )}
        </div>
        <Group gap="sm">
          {item && !takeBack.isSuccess && (
            <>
              <Button size="md" onClick={() => void open()}>
                {t('share.openInbox')}
              </Button>
              <Button
                size="md"
                variant="default"
                loading={takeBack.isPending}
                onClick={() => takeBack.mutate(item._id)}
              >
                {t('share.undo')}
              </Button>
            </>
          )}
          {(text === '' || send.isError || takeBack.isSuccess) && (
            <Button size="md" variant="default" component={Link} to={PAGE_PATHS.boxes}>
              {t('share.toWorkspace')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
