import type { LoginBody } from '@nestbox/shared/auth/auth.schema';
import type { LoginResponse } from '@nestbox/shared/users/user.schema';
import { LoginResponseSchema } from '@nestbox/shared/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/login`: a bearer token and the user. Public: a wrong password is an error, not a logout. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? LoginResponseSchema : undefined,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
