import { NoBodySchema } from '@nestbox/shared/http/responses';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /auth/logout`: the server revokes `token` (401 from then on, its sockets close).
 * A token the server already refuses is as good as logged out, so failures are only logged.
 */
export async function logout(token: string): Promise<void> {
  await apiRequest<undefined>('/auth/logout', {
    method: 'POST',
    token,
    schema: import.meta.env.DEV ? NoBodySchema : undefined,
  }).catch(() => undefined);
}
