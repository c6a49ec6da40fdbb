import type {
  OidcConfig,
  OidcLinkBody,
  OidcPendingLink,
  OidcSessionResponse,
} from '@nestbox/shared/oidc/oidc.schema';
import {
  OidcConfigSchema,
  OidcPendingLinkSchema,
  OidcSessionResponseSchema,
} from '@nestbox/shared/oidc/oidc.schema';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/oidc/config`: whether the login page offers single sign-on, under which name, and only it. */
export function oidcConfigQueryOptions() {
  return queryOptions({
    queryKey: ['oidc', 'config'],
    queryFn: ({ signal }) =>
      apiRequest<OidcConfig>('/api/oidc/config', {
        method: 'GET',
        signal,
        authenticated: false,
        schema: import.meta.env.DEV ? OidcConfigSchema : undefined,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    // Without it the page offers the password form, which works whatever the answer.
    throwOnError: false,
  });
}

export const useOidcConfig = () => useQuery(oidcConfigQueryOptions());

/** `POST /auth/oidc/session`: the session the return from the provider made (its cookie says which). */
export function useTakeOidcSession() {
  return useMutation({
    mutationFn: () =>
      apiRequest<OidcSessionResponse>('/auth/oidc/session', {
        authenticated: false,
        schema: import.meta.env.DEV ? OidcSessionResponseSchema : undefined,
      }),
  });
}

/** `GET /auth/oidc/pending-link`: the account the provider's identity waits to be linked to. */
export function usePendingLink() {
  return useQuery({
    queryKey: ['oidc', 'pending-link'],
    queryFn: ({ signal }) =>
      apiRequest<OidcPendingLink>('/auth/oidc/pending-link', {
        method: 'GET',
        signal,
        authenticated: false,
        schema: import.meta.env.DEV ? OidcPendingLinkSchema : undefined,
      }),
    retry: false,
    throwOnError: false,
  });
}

/** `POST /auth/oidc/link`: the account's password links the waiting identity, and signs in. */
export function useLinkWithPassword() {
  return useMutation({
    mutationFn: (body: OidcLinkBody) =>
      apiRequest<OidcSessionResponse>('/auth/oidc/link', {
        body,
        authenticated: false,
        schema: import.meta.env.DEV ? OidcSessionResponseSchema : undefined,
      }),
  });
}
