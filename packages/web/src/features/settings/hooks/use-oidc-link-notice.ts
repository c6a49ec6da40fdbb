import {
  OIDC_LINK_PAGE_RESULTS,
  OIDC_QUERY,
  type OidcLinkPageResult,
} from '@nestbox/shared/oidc/oidc-results';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { providerName } from '../../../lib/provider-name';
import { oidcStatusQueryOptions } from '../api/single-sign-on';

const isResult = (value: string | null): value is OidcLinkPageResult =>
  OIDC_LINK_PAGE_RESULTS.some((result) => result === value);

/**
 * After linking from Settings → Security the server sends the browser to `/app?oidc=<result>`:
 * say how it went, once, and take the parameter out of the address.
 */
export function useOidcLinkNotice(ready: boolean): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const result = params.get(OIDC_QUERY);
  const known = isResult(result);
  // The provider's name, asked only when there is something to say.
  const status = useQuery({ ...oidcStatusQueryOptions(), enabled: ready && known });
  const name = providerName(status.data?.name, t);

  useEffect(() => {
    if (!ready || !known || status.isPending) return;
    notify({
      type: result === 'linked' ? 'success' : 'error',
      message: t(`settings.security.sso.result.${result}`, { name }),
      timeout: 8_000,
    });
    if (result === 'linked') void queryClient.invalidateQueries({ queryKey: ['oidc'] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OIDC_QUERY);
        return next;
      },
      { replace: true },
    );
  }, [ready, known, result, name, status.isPending, t, queryClient, setParams]);
}
