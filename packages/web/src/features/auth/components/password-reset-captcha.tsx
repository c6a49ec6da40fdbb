import { Skeleton } from '@mantine/core';
import type { Ref } from 'react';
import { useCaptchaConfig } from '../api/get-captcha-config';
import { AltchaCaptcha } from './altcha-captcha';
import { AuthNotice } from './auth-notice';
import type { CaptchaHandle } from './captcha-handle';
import { RecaptchaCaptcha } from './recaptcha-captcha';

/** The bot check of the password reset (SPEC §1): whichever one the server is configured for. */
export function PasswordResetCaptcha({ ref }: { ref?: Ref<CaptchaHandle> }) {
  const config = useCaptchaConfig();
  if (config.isPending) return <Skeleton height={74} radius="md" />;
  if (config.isError) return <AuthNotice tone="error">{config.error.message}</AuthNotice>;
  if (config.data.kind === 'recaptcha') return <RecaptchaCaptcha ref={ref} siteKey={config.data.siteKey} />;
  return <AltchaCaptcha ref={ref} />;
}
