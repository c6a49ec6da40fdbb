import type { MessageResponse, ResendActivationBody } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /user/resend-activation-link` by address or by an expired link's hash: e-mails a fresh link. */
export function resendActivationLink(body: ResendActivationBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/user/resend-activation-link', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

export function useResendActivationLink() {
  return useMutation({ mutationFn: resendActivationLink });
}
