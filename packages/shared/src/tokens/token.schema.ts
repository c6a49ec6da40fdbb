import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';
import { API_TOKEN_NAME_MAX_LENGTH, API_TOKEN_SCOPES } from './token-values.js';

export {
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
} from './token-values.js';

const msg = (key: MessageKey) => ({ error: key });

/** `POST /api/tokens`: a new personal API token. */
export const CreateApiTokenBodySchema = z
  .object({
    name: z
      .string(msg('tokens.name.required'))
      .trim()
      .min(1, msg('tokens.name.required'))
      .max(API_TOKEN_NAME_MAX_LENGTH, msg('tokens.name.tooLong'))
      .describe('What the token is for, as the Data tab lists it.'),
    scope: z
      .enum(API_TOKEN_SCOPES, msg('tokens.scope.invalid'))
      .describe(
        '`read`: reads only (writes answer 403); `write`: reads and writes. Neither changes the account.',
      ),
  })
  .meta({ id: 'CreateApiTokenBody' });

/** A personal API token as `GET /api/tokens` lists it: never the token itself. */
export const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    createdAt: z.number().describe('When it was made (UTC ms).'),
    lastUsedAt: z
      .number()
      .nullable()
      .describe('When it last authenticated a request (UTC ms, to the minute); null if never.'),
  })
  .meta({ id: 'ApiToken' });

/** `GET /api/tokens`: the caller's working tokens, newest first. */
export const ApiTokenListSchema = z.array(ApiTokenSchema).meta({ id: 'ApiTokenList' });

/** `POST /api/tokens` answer: the token's text, shown this once (only its hash is kept). */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().describe('`nbx_…`: send it as `Authorization: Bearer <token>`. It is never shown again.'),
}).meta({ id: 'CreatedApiToken' });

/** `DELETE /api/tokens/:id`. */
export const ApiTokenParamsSchema = z.object({ id: z.string().min(1).max(64, msg('error.notFound')) });

export type CreateApiTokenBody = z.input<typeof CreateApiTokenBodySchema>;
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;
