import { Box, ThemeIcon } from '@mantine/core';
import type { Attachment } from '@nestbox/shared/attachments/attachments.schema';
import { IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { attachmentBlob } from '../api/attachment-files';

const SIZE = 40;

/** The small picture of an attachment: its thumbnail when it has one, else an icon of its kind. */
export function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const thumbnail = useQuery({
    // Not under the list's key: a thumbnail never changes, and each change to the list (a live
    // one too) would otherwise fetch every picture of it again.
    queryKey: ['attachment-thumbnail', attachment.id],
    enabled: attachment.thumbnail,
    staleTime: Number.POSITIVE_INFINITY,
    throwOnError: false,
    queryFn: ({ signal }) => attachmentBlob(attachment.id, 'thumbnail', signal),
  });
  const url = useMemo(
    () => (thumbnail.data ? URL.createObjectURL(thumbnail.data) : undefined),
    [thumbnail.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (url)
    return (
      <Box
        component="img"
        src={url}
        alt=""
        w={SIZE}
        h={SIZE}
        style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
      />
    );
  const Icon = attachment.type.startsWith('image/')
    ? IconPhoto
    : attachment.type === 'application/pdf'
      ? IconFileTypePdf
      : IconFile;
  return (
    <ThemeIcon
      size={SIZE}
      variant="light"
      color="gray"
      radius="sm"
      aria-hidden="true"
      style={{ flexShrink: 0 }}
    >
      <Icon size={22} stroke={1.6} />
    </ThemeIcon>
  );
}
