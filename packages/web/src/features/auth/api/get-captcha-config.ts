import { type CaptchaConfig, CaptchaConfigSchema } from '@nestbox/shared/auth/auth.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/captcha/config`. */
export function getCaptchaConfig({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaConfig> {
  return apiRequest<CaptchaConfig>('/api/captcha/config', {
    method: 'GET',
    signal,
    authenticated: false,
    schema: import.meta.env.DEV ? CaptchaConfigSchema : undefined,
  });
}

export function getCaptchaConfigQueryOptions() {
  return queryOptions({
    queryKey: ['captcha', 'config'],
    queryFn: ({ signal }) => getCaptchaConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // The form shows the failure where the check would be, and stays usable.
    throwOnError: false,
  });
}

export function useCaptchaConfig() {
  return useQuery(getCaptchaConfigQueryOptions());
}
