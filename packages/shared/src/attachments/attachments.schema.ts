import { z } from 'zod';

const id = z.string().min(1).max(64);

/** The longest display name an attachment keeps, in characters. */
export const ATTACHMENT_NAME_MAX_LENGTH = 255;

/**
 * The types a download shows in the browser (`inline`), under a sandboxing policy: raster
 * images and PDF. Anything else, SVG included (it may carry script), is downloaded.
 */
export const INLINE_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
] as const;

export const ItemAttachmentsParamsSchema = z.object({ itemId: id });
export const AttachmentParamsSchema = z.object({ attachmentId: id });

/**
 * A file attached to an item, as everyone who sees the item reads it. `type` is sniffed from
 * the bytes, never taken from the client; `inline` says the browser may show it; `thumbnail`
 * that `GET /api/attachments/:id/thumbnail` has a small WebP of it; `canDelete` that the
 * caller may remove it (whoever attached it while they may edit the item, or an owner).
 */
export const AttachmentSchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    name: z.string().describe('The display and download name, cleaned of paths and control characters.'),
    type: z.string().describe('The MIME type sniffed from the bytes.'),
    size: z.number().describe('Bytes.'),
    createdAt: z.number().describe('UTC ms.'),
    uploader: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe('Who attached it; null once their account is gone.'),
    inline: z.boolean(),
    thumbnail: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof AttachmentSchema>;

/** `GET /api/items/:itemId/attachments`: the item's attachments, oldest first. */
export const AttachmentListSchema = z
  .object({ attachments: z.array(AttachmentSchema) })
  .meta({ id: 'AttachmentList' });
export type AttachmentList = z.infer<typeof AttachmentListSchema>;

/** `GET /api/users/attachments-usage`: the caller's stored bytes and their limits, in bytes. */
export const AttachmentUsageSchema = z
  .object({
    used: z.number().describe('Bytes of the attachments the caller uploaded.'),
    quota: z.number().describe('The most their attachments may take together.'),
    maxFile: z.number().describe('The most one file may take.'),
  })
  .meta({ id: 'AttachmentUsage' });
export type AttachmentUsage = z.infer<typeof AttachmentUsageSchema>;

/**
 * `attachments:changed` (socket): a file was attached to this item or removed from it. Sent
 * to everyone who sees the item; a client showing its attachments reads them again.
 */
export interface AttachmentsChangedEvent {
  itemId: string;
  clientId?: string;
}
