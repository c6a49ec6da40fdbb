import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { isMessageKey, type MessageKey } from '@nestbox/shared/i18n/messages.en-gb';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { constraintViolationOf } from '../db/constraint-violation.js';
import { translate } from '../i18n/translate.js';
import { AppError } from './app-error.js';

/** Fastify's own 4xx codes, mapped to our message keys. */
const FASTIFY_CODES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.malformedJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.payloadTooLarge',
};

const STATUS_CODES: Record<number, MessageKey> = {
  400: 'error.validation',
  401: 'error.unauthorized',
  403: 'error.forbidden',
  404: 'error.notFound',
  409: 'error.conflict',
  410: 'error.gone',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
  429: 'error.rateLimited',
};

/** Answers with the API.md error shape, translated for the caller. */
export function replyWithError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: MessageKey,
  fields?: Record<string, MessageKey>,
): FastifyReply {
  const body: ErrorBody = { error: { code, message: translate(request.locale, code) } };
  if (fields && Object.keys(fields).length > 0) {
    body.error.fields = Object.fromEntries(
      Object.entries(fields).map(([field, key]) => [field, translate(request.locale, key)]),
    );
  }
  if (status >= 500) body.error.requestId = request.id;
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Turns zod issues into one translated message per field (the first issue of each field wins). */
function fieldsFromValidation(validation: { instancePath: string; message?: string | undefined }[]) {
  const fields: Record<string, MessageKey> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const key = issue.message && isMessageKey(issue.message) ? issue.message : 'validation.invalidValue';
    fields[field] ??= key;
  }
  return fields;
}

/**
 * The one place errors become answers (API.md "Errors"): AppErrors and validation failures
 * are translated for the caller; anything unexpected is logged with the request id and
 * answered generically, never leaking internals.
 */
export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return replyWithError(
          request,
          reply,
          error.statusCode,
          error.code,
          error.fields ? { ...error.fields } : undefined,
        );
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return replyWithError(
          request,
          reply,
          400,
          'error.validation',
          fieldsFromValidation(error.validation),
        );
      }
      // A constraint the database enforces is a conflict (or bad input) the services did not
      // foresee, such as two requests racing for the same row: a 4xx, never a 5xx.
      const violation = constraintViolationOf(error);
      if (violation) {
        request.log.warn({ err: error }, 'a database constraint refused the change');
        return violation === 'conflict'
          ? replyWithError(request, reply, 409, 'error.conflict')
          : replyWithError(request, reply, 400, 'error.validation');
      }
      // PostgreSQL cancelled a statement that ran past statement_timeout (SQLSTATE 57014).
      if ((error as { code?: unknown }).code === '57014') {
        request.log.error({ err: error }, 'a statement ran past the statement timeout');
        return replyWithError(request, reply, 503, 'error.busy');
      }
      const status = error.statusCode ?? 500;
      if (status < 500) {
        const code =
          (error.code && FASTIFY_CODES[error.code]) ||
          (error instanceof SyntaxError ? 'error.malformedJson' : undefined) ||
          STATUS_CODES[status] ||
          'error.generic';
        return replyWithError(request, reply, status, code);
      }
      request.log.error({ err: error }, 'request failed');
      return replyWithError(request, reply, 500, 'error.server');
    });
  },
  { name: 'error-handling' },
);
