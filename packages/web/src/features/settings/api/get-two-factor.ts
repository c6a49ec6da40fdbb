import { type TwoFactorStatus, TwoFactorStatusSchema } from '@nestbox/shared/two-factor/two-factor.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of the caller's two-factor status; turning codes on or off updates it. */
export const twoFactorKey = ['two-factor'] as const;

/** `GET /api/users/two-factor`: whether the caller's codes are on, and how many recovery codes are left. */
export function twoFactorQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) =>
      apiRequest<TwoFactorStatus>('/api/users/two-factor', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? TwoFactorStatusSchema : undefined,
      }),
  });
}

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
