import type { MessageResponse, SignupBody } from '@nestbox/shared/auth/auth.schema';
import { MessageResponseSchema } from '@nestbox/shared/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/signup`: creates the account and e-mails the activation link. */
export function signup(body: SignupBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/signup', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? MessageResponseSchema : undefined,
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
