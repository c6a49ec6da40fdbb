import { NoBodySchema } from '@nestbox/shared/http/responses';
import type { ApiToken } from '@nestbox/shared/tokens/token.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiTokensKey } from './get-api-tokens';

/** `DELETE /api/tokens/:id`: the token answers 401 from then on. */
export function revokeApiToken(id: string): Promise<undefined> {
  return apiRequest<undefined>(`/api/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? NoBodySchema : undefined,
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ApiToken[]>(apiTokensKey, (tokens) =>
        tokens?.filter((token) => token.id !== id),
      ),
  });
}
