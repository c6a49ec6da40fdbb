import { Modal, Radio, Stack, Text } from '@mantine/core';
import { OPEN_BOXES_IN, type OpenBoxesIn } from '@nestbox/shared/constants';
import { useTranslation } from 'react-i18next';
import { useNotifyFailure } from '../../../hooks/use-notify-failure';
import { useUser } from '../../../lib/api/get-user';
import { useSaveWorkspaceSettings } from '../../../lib/api/save-workspace-settings';

const isOpenBoxesIn = (value: string): value is OpenBoxesIn =>
  (OPEN_BOXES_IN as readonly string[]).includes(value);

interface WorkspaceSettingsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Workspace settings' (SPEC §2): where a box opened from a pane shows. Saved as soon as it changes. */
export function WorkspaceSettingsModal({ opened, onClose }: WorkspaceSettingsModalProps) {
  const { t } = useTranslation();
  const user = useUser();
  const save = useSaveWorkspaceSettings();
  const notifyFailure = useNotifyFailure();

  return (
    <Modal opened={opened} onClose={onClose} title={t('workspaceSettings.title')} size="md">
      <Radio.Group
        label={t('workspaceSettings.openBoxesIn')}
        description={t('workspaceSettings.openBoxesIn.description')}
        value={user.workspace.settings.openBoxesIn}
        onChange={(value) => {
          if (isOpenBoxesIn(value))
            save.mutate(
              { openBoxesIn: value },
              { onError: (error) => notifyFailure(error, 'error.generic') },
            );
        }}
      >
        <Stack gap="sm" mt="sm">
          {OPEN_BOXES_IN.map((choice) => (
            <Radio key={choice} value={choice} label={t(`workspaceSettings.openBoxesIn.${choice}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Text c="var(--mantine-color-error)" fz="sm" mt="md" role="alert">
          {t('error.generic')}
        </Text>
      )}
    </Modal>
  );
}
