import type { MessageResponse, PasswordResetBody } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /user/password-reset`: sets the new password of a checked reset link. */
export function resetPassword(body: PasswordResetBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/user/password-reset', {
    method: 'PUT',
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
