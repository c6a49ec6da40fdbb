import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { OidcStatus } from '@nestbox/shared/oidc/oidc.schema';
import { OidcLinkStartSchema, OidcStatusSchema } from '@nestbox/shared/oidc/oidc.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const oidcStatusKey = ['oidc', 'status'] as const;

/** `GET /api/users/oidc`: single sign-on here, the identity linked, and whether the account has a password. */
export function oidcStatusQueryOptions() {
  return queryOptions({
    queryKey: oidcStatusKey,
    queryFn: ({ signal }) =>
      apiRequest<OidcStatus>('/api/users/oidc', {
        method: 'GET',
        signal,
        schema: import.meta.env.DEV ? OidcStatusSchema : undefined,
      }),
  });
}

export const useOidcStatus = () => useQuery(oidcStatusQueryOptions());

/** `POST /api/users/oidc/link`, then the browser goes to the provider's sign-in page. */
export function useLinkOidc() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/users/oidc/link', {
        method: 'POST',
        schema: import.meta.env.DEV ? OidcLinkStartSchema : undefined,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** `DELETE /api/users/oidc/identities/:id`. */
export function useUnlinkOidc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: string) =>
      apiRequest<{ ok: true }>(`/api/users/oidc/identities/${encodeURIComponent(identityId)}`, {
        method: 'DELETE',
        schema: import.meta.env.DEV ? OkResponseSchema : undefined,
      }),
    onSuccess: () =>
      queryClient.setQueryData<OidcStatus>(
        oidcStatusKey,
        (status) => status && { ...status, identity: null },
      ),
  });
}
