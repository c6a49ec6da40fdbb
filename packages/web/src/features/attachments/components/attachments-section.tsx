import { Alert, Button, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailableOffline, waitsForNetwork } from '../../../components/feedback/not-available-offline';
import { LoadedList } from '../../../components/layout/loaded-list';
import { isApiError } from '../../../lib/api-client';
import { useUploadAttachment } from '../api/change-attachments';
import { useAttachments } from '../api/get-attachments';
import { AttachmentRow } from './attachment-row';
import classes from './attachments-section.module.css';

interface Sending {
  key: number;
  name: string;
  /** The share sent, from 0 to 1. */
  sent: number;
  /** Why the server refused it, once it did. */
  refused?: string;
}

interface AttachmentsSectionProps {
  itemId: string;
  /** The caller may edit the item, so may attach files to it. */
  canAttach: boolean;
}

/** Whether a drag carries files (not text or a row being moved). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Item settings' Attachments: the item's files, oldest first, each opened or saved from its
 * name; and, for whoever may edit the item, three ways to attach more: Attach a file, a drop
 * of files onto the section, or an image pasted anywhere in Item settings. Each file goes up
 * on its own with its progress; a refused one says why (too large, no room left) and stays
 * listed until dismissed. The list follows others' changes live.
 */
export function AttachmentsSection({ itemId, canAttach }: AttachmentsSectionProps) {
  const { t } = useTranslation();
  const attachments = useAttachments(itemId);
  const upload = useUploadAttachment(itemId);
  const [sending, setSending] = useState<Sending[]>([]);
  const [dropping, setDropping] = useState(false);
  const nextKey = useRef(0);
  const titleId = useId();

  const send = (files: readonly File[]) => {
    for (const file of files) {
      const key = nextKey.current++;
      const change = (patch: Partial<Sending>) =>
        setSending((all) => all.map((one) => (one.key === key ? { ...one, ...patch } : one)));
      setSending((all) => [...all, { key, name: file.name, sent: 0 }]);
      // One promise per file: several go up at once, each told its own answer.
      upload.mutateAsync({ file, onProgress: (sent) => change({ sent }) }).then(
        () => setSending((all) => all.filter((one) => one.key !== key)),
        (error: unknown) =>
          change({ refused: isApiError(error) && !error.canceled ? error.message : t('attachments.failed') }),
      );
    }
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  // An image pasted anywhere while Item settings shows this item (text fields take no files).
  useEffect(() => {
    if (!canAttach) return;
    const handlePaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      sendRef.current(files);
    };
    window.addEventListener('paste', handlePaste);
    return () => window.removeEventListener('paste', handlePaste);
  }, [canAttach]);

  const dropProps = canAttach
    ? {
        onDragOver: (event: DragEvent<HTMLElement>) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDropping(true);
        },
        onDragLeave: (event: DragEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
        },
        onDrop: (event: DragEvent<HTMLElement>) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDropping(false);
          send(Array.from(event.dataTransfer.files));
        },
      }
    : {};

  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby={titleId}
      className={classes.section}
      data-dropping={dropping || undefined}
      {...dropProps}
    >
      <Title order={3} fz="md" id={titleId}>
        {t('attachments.title')}
      </Title>
      {waitsForNetwork(attachments) ? (
        <NotAvailableOffline onRetry={() => void attachments.refetch()} />
      ) : (
        <LoadedList
          query={attachments}
          items={attachments.data?.attachments}
          label={t('attachments.list')}
          loadFailed={t('attachments.loadFailed')}
          empty={t('attachments.empty')}
          skeletons={0}
        >
          {(attachment) => <AttachmentRow key={attachment.id} attachment={attachment} />}
        </LoadedList>
      )}
      {sending.length > 0 && (
        <Stack gap="xs" component="ul" aria-label={t('attachments.sending')} className={classes.sending}>
          {sending.map((one) =>
            one.refused ? (
              <li key={one.key}>
                <Alert
                  color="red"
                  variant="light"
                  withCloseButton
                  closeButtonLabel={t('attachments.dismiss')}
                  onClose={() => setSending((all) => all.filter(({ key }) => key !== one.key))}
                  title={one.name}
                >
                  {one.refused}
                </Alert>
              </li>
            ) : (
              <li key={one.key}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('attachments.uploading', { name: one.name })}
                </Text>
                <Progress
                  value={one.sent * 100}
                  size="sm"
                  aria-label={t('attachments.uploading', { name: one.name })}
                />
              </li>
            ),
          )}
        </Stack>
      )}
      {canAttach ? (
        <Group gap="sm" wrap="wrap" className={classes.drop}>
          <FileButton onChange={(files) => send(files)} multiple>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconPaperclip size={16} stroke={1.7} />}
              >
                {t('attachments.attach')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('attachments.dropHint')}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('attachments.readonly')}
        </Text>
      )}
    </Stack>
  );
}
