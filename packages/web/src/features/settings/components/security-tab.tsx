import { Divider, Stack } from '@mantine/core';
import { useUser } from '../../../lib/api/get-user';
import { AccountsTwoFactorSection } from './security/accounts-two-factor-section';
import { ApiTokenUsesSection } from './security/api-token-uses-section';
import { PasskeysSection } from './security/passkeys-section';
import { SingleSignOnSection } from './security/single-sign-on-section';
import { TwoFactorSection } from './security/two-factor-section';

/**
 * Application Settings → Security: how the person signs in and what signs in for them, one
 * section after another. `onManageTokens` opens Data → API tokens.
 */
export function SecurityTab({ onManageTokens }: { onManageTokens: () => void }) {
  const { isAdmin } = useUser();
  return (
    <Stack gap="lg">
      <SingleSignOnSection />
      <PasskeysSection />
      <Divider />
      <TwoFactorSection />
      <Divider />
      <ApiTokenUsesSection onManage={onManageTokens} />
      {isAdmin && (
        <>
          <Divider />
          <AccountsTwoFactorSection />
        </>
      )}
    </Stack>
  );
}
