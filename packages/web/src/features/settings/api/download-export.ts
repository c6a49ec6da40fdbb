import type { ExportFormat } from '@nestbox/shared/data/export.schema';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** An export can be long to write and to fetch: far longer than an ordinary call's 30 s. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** The name the server gives the file (`Content-Disposition`), or one of our own. */
function fileNameOf(disposition: string | null, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? `nestbox-export.${format}`;
}

/**
 * `GET /api/export?format=…`: the whole account in a format, saved as a file. The session's
 * token travels in a header, which a plain link cannot send, so the file is fetched by the API
 * client and handed to the browser's download through an object URL.
 */
export async function downloadExport(format: ExportFormat): Promise<string> {
  let disposition: string | null = null;
  const file = await apiRequest<Blob>('/api/export', {
    method: 'GET',
    query: { format },
    responseType: 'blob',
    timeoutMs: EXPORT_TIMEOUT_MS,
    onHeaders: (headers) => {
      disposition = headers.get('content-disposition');
    },
    schema: import.meta.env.DEV ? z.instanceof(Blob) : undefined,
  });
  const fileName = fileNameOf(disposition, format);
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click's download started; the URL can go after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
