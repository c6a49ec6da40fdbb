import { Stack, Text } from '@mantine/core';
import type { Passkey } from '@nestbox/shared/passkeys/passkeys.schema';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedList } from '../../../../components/layout/loaded-list';
import { passkeySupport } from '../../../../lib/passkeys';
import { usePasskeys } from '../../api/get-passkeys';
import { SectionHeading } from '../data/section-heading';
import { AddPasskey, type PasskeyProblem, PasskeyProblemNotice } from './add-passkey';
import { PasskeyRow } from './passkey-row';
import { RenamePasskeyModal } from './rename-passkey-modal';

const TITLE_ID = 'settings-passkeys-title';

/** Puts the focus on the section's title: where it goes when the row that held it is removed. */
function focusTitle() {
  const title = document.getElementById(TITLE_ID);
  if (!title) return;
  title.tabIndex = -1;
  title.focus();
}

/**
 * Settings → Security → Passkeys: the person's passkeys (each with when it was added and last
 * used, and whether its provider syncs it), a way to add one on this device, and per passkey a
 * way to rename or remove it. Where passkeys cannot work (a browser without WebAuthn, a server
 * on an IP address), a note says why instead of the button.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const [support] = useState(passkeySupport);
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);

  return (
    <Stack gap="md" component="section" aria-labelledby={TITLE_ID}>
      <SectionHeading id={TITLE_ID} icon={<IconFingerprint size={22} />}>
        {t('settings.security.passkeys.title')}
      </SectionHeading>
      <Text size="sm" c="dimmed">
        {t('settings.security.passkeys.intro')}
      </Text>
      <LoadedList
        query={passkeys}
        items={passkeys.data?.passkeys}
        label={t('settings.security.passkeys.list')}
        loadFailed={t('settings.security.passkeys.loadFailed')}
        empty={t('settings.security.passkeys.none')}
      >
        {(passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            onRename={() => setRenaming(passkey)}
            onRemoved={() => {
              setProblem(null);
              focusTitle();
            }}
            onProblem={setProblem}
          />
        )}
      </LoadedList>
      {problem && <PasskeyProblemNotice problem={problem} />}
      {support === 'supported' ? (
        <AddPasskey onProblem={setProblem} />
      ) : (
        <Text size="sm">
          {t(support === 'browser' ? 'settings.security.passkeys.notSupported' : 'passkeys.unsupported')}
        </Text>
      )}
      {renaming && <RenamePasskeyModal passkey={renaming} onClose={() => setRenaming(null)} />}
    </Stack>
  );
}
