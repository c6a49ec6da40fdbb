import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * An attachment's bytes (`content`) or its thumbnail, read with the caller's token: the
 * server checks their rights on every request, so no address of a file works on its own.
 */
export function attachmentBlob(attachmentId: string, part: 'content' | 'thumbnail', signal?: AbortSignal) {
  return apiRequest<Blob>(`/api/attachments/${encodeURIComponent(attachmentId)}/${part}`, {
    method: 'GET',
    responseType: 'blob',
    timeoutMs: 5 * 60_000,
    ...(signal ? { signal } : {}),
    schema: import.meta.env.DEV ? z.instanceof(Blob) : undefined,
  });
}

/**
 * Whether the app shows an attachment in a new tab (a picture the server would show inline)
 * rather than saving it. A PDF is saved: a tab opened on the app's own copy of it keeps the
 * app's policy, which lets no plug-in (the PDF viewer) run.
 */
export const opensInTab = ({ inline, type }: { inline: boolean; type: string }) =>
  inline && type.startsWith('image/');

/** Opens an attachment: a picture in a new tab, anything else saved under its name. */
export async function openAttachment(attachment: {
  id: string;
  name: string;
  inline: boolean;
  type: string;
}) {
  const { id, name } = attachment;
  // The tab is opened now, in the click, so that no pop-up blocker stops it.
  const tab = opensInTab(attachment) ? window.open('', '_blank') : null;
  try {
    const url = URL.createObjectURL(await attachmentBlob(id, 'content'));
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
    }
    // Long enough for the tab or the download to take it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
