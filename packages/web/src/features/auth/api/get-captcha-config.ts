import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which bot check the password reset shows: the self-hosted ALTCHA, or Google's reCAPTCHA. */
export type CaptchaConfig = { kind: 'altcha' } | { kind: 'recaptcha'; siteKey: string };

/** `GET /api/captcha/config`. */
export function getCaptchaConfig({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaConfig> {
  return apiRequest<CaptchaConfig>('/api/captcha/config', { method: 'GET', signal, authenticated: false });
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
