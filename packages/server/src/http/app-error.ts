import type { MessageKey } from '@nestbox/shared/i18n/messages.en-gb';

/**
 * An expected failure with an HTTP status and a stable code (the i18n key of its message).
 * Services throw these; the error handler translates and answers them in the API.md shape.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: MessageKey,
    readonly fields?: Readonly<Record<string, MessageKey>>,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(code);
  }
}

/** Factories for the statuses of API.md. */
export const appErrors = {
  badRequest: (code: MessageKey = 'error.validation', fields?: Record<string, MessageKey>) =>
    new AppError(400, code, fields),
  unauthorized: (code: MessageKey = 'error.unauthorized') => new AppError(401, code),
  forbidden: (code: MessageKey = 'error.forbidden') => new AppError(403, code),
  notFound: (code: MessageKey = 'error.notFound') => new AppError(404, code),
  conflict: (code: MessageKey = 'error.conflict', fields?: Record<string, MessageKey>) =>
    new AppError(409, code, fields),
  gone: (code: MessageKey = 'error.gone') => new AppError(410, code),
  tooManyRequests: (retryAfterSeconds: number) =>
    new AppError(429, 'error.rateLimited', undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
};
