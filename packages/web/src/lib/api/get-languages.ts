import { type LanguagesResponse, LanguagesResponseSchema } from '@nestbox/shared/reference/reference.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** `GET /api/languages/get-languages`: the languages a user may pick, each named in itself. */
export function getLanguages({ signal }: { signal?: AbortSignal } = {}): Promise<LanguagesResponse> {
  return apiRequest<LanguagesResponse>('/api/languages/get-languages', {
    method: 'GET',
    signal,
    authenticated: false,
    schema: import.meta.env.DEV ? LanguagesResponseSchema : undefined,
  });
}

export function getLanguagesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'languages'],
    queryFn: ({ signal }) => getLanguages({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Forms fall back to the bundled LANGUAGES list, so a failure never replaces the page.
    throwOnError: false,
  });
}

export function useLanguages() {
  return useQuery(getLanguagesQueryOptions());
}
