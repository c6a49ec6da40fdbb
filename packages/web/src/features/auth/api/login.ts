import type { LoginBody } from '@nestbox/shared/auth/auth.schema';
import { type LoginAnswer, LoginAnswerSchema } from '@nestbox/shared/two-factor/two-factor.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /auth/login`: a bearer token and the user or, with two-factor codes on, the token of
 * the second step. Public: a wrong password is an error, not a logout.
 */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest<LoginAnswer>('/auth/login', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? LoginAnswerSchema : undefined,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
