import { OIDC_DEFAULT_NAME } from '@nestbox/shared/oidc/oidc-results';
import type { TFunction } from 'i18next';

/**
 * The single sign-on provider as the page names it: NESTBOX_OIDC_NAME when the server has
 * one, else "single sign-on" in the page's language.
 */
export function providerName(name: string | undefined, t: TFunction): string {
  return !name || name === OIDC_DEFAULT_NAME ? t('login.oidc.defaultName') : name;
}
