import type { UserLocale } from '@nestbox/shared/i18n/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export interface Language {
  locale: UserLocale;
  name: string;
}

/** `GET /api/languages/get-languages`: the languages a user may pick, each named in itself. */
export function getLanguages({ signal }: { signal?: AbortSignal } = {}): Promise<Language[]> {
  return apiRequest<Language[]>('/api/languages/get-languages', {
    method: 'GET',
    signal,
    authenticated: false,
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
