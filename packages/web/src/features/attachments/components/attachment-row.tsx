import { ActionIcon, Anchor, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Attachment } from '@nestbox/shared/attachments/attachments.schema';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmDanger } from '../../../components/feedback/confirm';
import classes from '../../../components/layout/icon-action.module.css';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useNow } from '../../../hooks/use-now';
import { useUser } from '../../../lib/api/get-user';
import { formatFileSize } from '../../../lib/file-size';
import { relativeTime } from '../../../lib/relative-time';
import { openAttachment, opensInTab } from '../api/attachment-files';
import { useDeleteAttachment } from '../api/change-attachments';
import { AttachmentPreview } from './attachment-preview';

/**
 * One attached file: its picture, its name (which opens it: a picture or a PDF in a new tab,
 * anything else saved), its size, who attached it and when, and Delete for whoever may.
 */
export function AttachmentRow({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const remove = useDeleteAttachment(attachment.itemId);
  const notifyFailure = useNotifyFailure();
  const { locale, timezone } = useUser();
  const now = useNow();
  const by = attachment.uploader?.name ?? t('attachments.uploaderGone');
  const deleteLabel = t('attachments.delete', { name: attachment.name });

  const handleDelete = () =>
    confirmDanger({
      title: t('attachments.deleteTitle'),
      body: t('attachments.deleteBody', { name: attachment.name }),
      confirmLabel: t('attachments.deleteConfirm'),
      onConfirm: () => remove.mutate(attachment.id, { onError: (error) => notifyFailure(error) }),
    });

  return (
    <Paper component="li" withBorder radius="md" px="sm" py="xs" data-attachment={attachment.id}>
      <Group wrap="nowrap" gap="sm" align="center">
        <AttachmentPreview attachment={attachment} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            ta="start"
            style={{ overflowWrap: 'anywhere' }}
            aria-label={t(opensInTab(attachment) ? 'attachments.open' : 'attachments.download', {
              name: attachment.name,
            })}
            onClick={() => void openAttachment(attachment).catch((error: unknown) => notifyFailure(error))}
          >
            {attachment.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('attachments.byline', {
              size: formatFileSize(attachment.size, locale),
              name: by,
              when: relativeTime(attachment.createdAt, now, locale, timezone) ?? t('attachments.justNow'),
            })}
          </Text>
        </Stack>
        {attachment.canDelete && (
          <Tooltip label={deleteLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              className={classes.action}
              aria-label={deleteLabel}
              onClick={handleDelete}
              loading={remove.isPending}
            >
              <IconTrash size={16} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
