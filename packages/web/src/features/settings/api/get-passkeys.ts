import { type PasskeyList, PasskeyListSchema } from '@nestbox/shared/passkeys/passkeys.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The cache key of the caller's passkeys; adding, renaming or removing one updates it. */
export const passkeysKey = ['passkeys'] as const;

/**
 * `GET /api/users/passkeys`: the caller's passkeys, newest first, with their last use. Passkeys
 * sign in on other devices too, so the list is read afresh whenever it shows; a failure shows
 * in the section, never as the error page.
 */
export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: passkeysKey,
    staleTime: 0,
    throwOnError: false,
    queryFn: ({ signal }) =>
      apiRequest<PasskeyList>('/api/users/passkeys', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? PasskeyListSchema : undefined,
      }),
  });
}

export const usePasskeys = () => useQuery(passkeysQueryOptions());
