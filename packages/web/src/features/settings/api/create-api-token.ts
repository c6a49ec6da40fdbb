import {
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
  CreatedApiTokenSchema,
} from '@nestbox/shared/tokens/token.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiTokensKey } from './get-api-tokens';

/** `POST /api/tokens`: answers the token's text, this once; 400 with `fields.name` or `fields.scope`. */
export function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return apiRequest<CreatedApiToken>('/api/tokens', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? CreatedApiTokenSchema : undefined,
  });
}

/** Makes a token and puts it first in the list (without its text, which only the answer holds). */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: ({ token: _text, ...made }) =>
      queryClient.setQueryData<ApiToken[]>(apiTokensKey, (tokens) => (tokens ? [made, ...tokens] : tokens)),
  });
}
