import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /auth/logout`: the server revokes `token` (401 from then on, its sockets close).
 * A token the server already refuses is as good as logged out, so failures are only logged.
 */
export async function logout(token: string): Promise<void> {
  await apiRequest<null>('/auth/logout', { method: 'POST', token }).catch(() => undefined);
}
