import type { Attachment, AttachmentList } from '@nestbox/shared/attachments/attachments.schema';
import { NoBodySchema } from '@nestbox/shared/http/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ATTACHMENTS_USAGE_KEY } from '../../../lib/api/attachments-usage';
import { uploadFile } from '../../../lib/api/upload';
import { apiRequest } from '../../../lib/api-client';
import { attachmentsKey } from './get-attachments';

/**
 * `POST /api/items/:itemId/attachments`: one file, as multipart form data (field `file`). The
 * server sniffs its type and answers 413 past the file limit or the caller's quota.
 */
export function uploadAttachment(
  itemId: string,
  file: File,
  options: { onProgress?: (sent: number) => void; signal?: AbortSignal } = {},
): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadFile<Attachment>(`/api/items/${encodeURIComponent(itemId)}/attachments`, form, options);
}

/** `DELETE /api/attachments/:id`: by whoever attached it, or an owner of the item. */
export function deleteAttachment(attachmentId: string): Promise<undefined> {
  return apiRequest<undefined>(`/api/attachments/${encodeURIComponent(attachmentId)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? NoBodySchema : undefined,
  });
}

/** Changes the cached list of the item's attachments, when it is there. */
function changeList(
  queryClient: ReturnType<typeof useQueryClient>,
  itemId: string,
  change: (attachments: Attachment[]) => Attachment[],
) {
  queryClient.setQueryData<AttachmentList>(
    attachmentsKey(itemId),
    (list) => list && { attachments: change(list.attachments) },
  );
}

/** Attaches a file; it ends the cached list at once when the server took it. */
export function useUploadAttachment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (sent: number) => void }) =>
      uploadAttachment(itemId, file, onProgress ? { onProgress } : {}),
    onSuccess: (added) =>
      changeList(queryClient, itemId, (attachments) => [
        ...attachments.filter(({ id }) => id !== added.id),
        added,
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ATTACHMENTS_USAGE_KEY }),
  });
}

/** Removes an attachment; a refusal means the list here is out of date, so it is read again. */
export function useDeleteAttachment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAttachment,
    onSuccess: (_answer, attachmentId) =>
      changeList(queryClient, itemId, (attachments) => attachments.filter(({ id }) => id !== attachmentId)),
    onError: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(itemId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ATTACHMENTS_USAGE_KEY }),
  });
}
