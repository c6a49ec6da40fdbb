import type { LoginBody } from '@nestbox/shared/auth/auth.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';

export interface LoginResponse {
  token: string;
  user: SessionUser;
}

/** `POST /auth/login`: a bearer token and the user. Public: a wrong password is an error, not a logout. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { body, authenticated: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
