import type { SecondFactorLoginBody } from '@nestbox/shared/two-factor/two-factor.schema';
import { type LoginResponse, LoginResponseSchema } from '@nestbox/shared/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/login/second-factor`: the second step's token and a code; answers as a login does. */
export function loginSecondFactor(body: SecondFactorLoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login/second-factor', {
    body,
    authenticated: false,
    schema: import.meta.env.DEV ? LoginResponseSchema : undefined,
  });
}

export function useLoginSecondFactor() {
  return useMutation({ mutationFn: loginSecondFactor });
}
