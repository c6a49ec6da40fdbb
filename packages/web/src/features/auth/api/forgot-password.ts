import type { ForgotBody, MessageResponse } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/forgot`: e-mails a password reset link. */
export function requestPasswordReset(body: ForgotBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/forgot', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
