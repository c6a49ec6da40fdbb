import { type TwoFactorSetup, TwoFactorSetupSchema } from '@nestbox/shared/two-factor/two-factor.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/users/two-factor/setup`: a new secret, as text and as a QR code (SVG); codes stay off until confirmed. */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>('/api/users/two-factor/setup', {
    method: 'POST',
    schema: import.meta.env.DEV ? TwoFactorSetupSchema : undefined,
  });
}

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor });
