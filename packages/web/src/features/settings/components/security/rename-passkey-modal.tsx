import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { Z_INDEX } from '@nestbox/shared/constants';
import { type Passkey, PasskeyRenameBodySchema } from '@nestbox/shared/passkeys/passkeys.schema';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useRenamePasskey } from '../../api/rename-passkey';

/**
 * Every control of this dialog carries it: Application Settings, the dialog under this one,
 * then leaves Escape alone, and Escape closes this dialog only (see the handler below).
 */
const KEEP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

/**
 * Renames a passkey, above Application Settings: its name, selected, ready to be typed over;
 * Enter saves, Escape cancels. A name the server refuses shows on the field, any other refusal
 * above it.
 */
export function RenamePasskeyModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(PasskeyRenameBodySchema, { name: passkey.name });
  const rename = useRenamePasskey();
  const [failure, setFailure] = useState<string | null>(null);

  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && !event.isComposing) onClose();
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const body = await form.validate();
    if (!body) return;
    if (body.name === passkey.name) return onClose();
    rename.mutate(
      { passkeyId: passkey.id, ...body },
      {
        onSuccess: (renamed) => {
          notify({
            type: 'success',
            message: t('settings.security.passkeys.renamed', { name: renamed.name }),
          });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.canceled) return;
          if (!form.setServerErrors(isApiError(error) ? error.fields : undefined)) setFailure(error.message);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('settings.security.passkeys.renameTitle')}
      size="sm"
      zIndex={Z_INDEX.modal + 1}
      closeOnEscape={false}
      closeButtonProps={{ 'aria-label': t('common.close'), ...KEEP_ESCAPE }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('settings.security.passkeys.name')}
            description={t('settings.security.passkeys.nameHint')}
            autoComplete="off"
            data-autofocus
            onFocus={(event) => event.currentTarget.select()}
            {...KEEP_ESCAPE}
            {...form.textInputProps('name')}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} {...KEEP_ESCAPE}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} {...KEEP_ESCAPE}>
              {t('settings.security.passkeys.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
