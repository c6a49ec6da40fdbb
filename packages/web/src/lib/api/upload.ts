import { CLIENT_ID_HEADER } from '@nestbox/shared/constants';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { ApiError, CLIENT_ID, errorOfBody, type QueryParams } from '../api-client';
import { currentLocale, i18n } from '../i18n';
import { clearSession, getToken } from '../session';

export interface UploadOptions {
  /** Query-string parameters (`undefined` ones are left out). */
  query?: QueryParams;
  /** Called as the file goes up: the share sent so far, from 0 to 1. */
  onProgress?: (sent: number) => void;
  /** Called once every byte is sent; the server's answer is still to come. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * Sends a file as a request's whole body (or, given form data, as multipart fields), as the
 * API client sends JSON (bearer token,
 * `Accept-Language`, this tab's client id, one error type), but with XMLHttpRequest: `fetch`
 * cannot report upload progress, and a big file deserves a progress bar. No timeout: a large
 * file on a slow line may take minutes; the caller may cancel.
 */
export function uploadFile<T>(
  path: string,
  file: Blob | FormData,
  { query, onProgress, onSent, signal }: UploadOptions = {},
) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) params.append(name, String(value));
  const search = params.toString();

  return new Promise<T>((resolve, reject) => {
    const failed = (code: 'error.network' | 'error.requestCanceled') =>
      reject(
        new ApiError({ message: i18n.t(code), status: 0, code, canceled: code === 'error.requestCanceled' }),
      );
    if (signal?.aborted) {
      failed('error.requestCanceled');
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${path}${search ? `?${search}` : ''}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLocale());
    request.setRequestHeader(CLIENT_ID_HEADER, CLIENT_ID);
    // Form data brings its own type, with the boundary of its parts.
    if (!(file instanceof FormData)) request.setRequestHeader('Content-Type', 'application/octet-stream');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => onSent?.();
    request.onerror = () => failed('error.network');
    request.onabort = () => failed('error.requestCanceled');
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(data as T);
        return;
      }
      const serverError = errorOfBody(data);
      const fallback = request.status >= 500 ? 'error.server' : 'error.generic';
      if (request.status === 401) {
        clearSession();
        window.location.assign(PAGE_PATHS.logout);
      }
      reject(
        new ApiError({
          message: serverError?.message ?? i18n.t(fallback),
          status: request.status,
          code: serverError?.code ?? fallback,
          fields: serverError?.fields,
          requestId: serverError?.requestId,
          data,
        }),
      );
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
