import { Button, Divider, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import type { Item, UpdateSettingBody } from '@nestbox/shared/items/item.schema';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsModalHeader } from '../../../components/items/settings-modal-header';
import { useAbilities } from '../../../hooks/use-abilities';
import { useArchive } from '../../../hooks/use-archive';
import { useUpdateSetting } from '../api/update-setting';
import type { WorkspaceSlots } from './workspace-slots';

interface BoxSettingsModalProps {
  opened: boolean;
  onClose: () => void;
  box: Item;
  /** The title as the pane shows it ('Workspace' for the root box). */
  title: string;
  renderShare: WorkspaceSlots['renderShare'];
}

/** 'Box settings' (SPEC §2): favourite star, the two switches, sharing and archiving (never the root box). */
export function BoxSettingsModal({ opened, onClose, box, title, renderShare }: BoxSettingsModalProps) {
  const { t } = useTranslation();
  // SPEC §8: a failed setting is not a notification; the modal shows its error state instead.
  const [failed, setFailed] = useState(false);
  const updateSetting = useUpdateSetting();
  const { archive, isPending: archiving } = useArchive();
  const abilities = useAbilities(box);
  const readonly = !abilities.edit;

  const handleSetting = (settingKey: UpdateSettingBody['settingKey'], settingValue: boolean) =>
    updateSetting.mutate(
      { itemId: box._id, settingKey, settingValue },
      { onSuccess: () => setFailed(false), onError: () => setFailed(true) },
    );

  const handleClose = () => {
    setFailed(false);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      size="md"
      title={
        <SettingsModalHeader
          item={box}
          title={title}
          onSaved={() => setFailed(false)}
          onFailed={() => setFailed(true)}
        />
      }
    >
      <Stack gap="lg">
        {failed && (
          <Text c="var(--mantine-color-error)" fz="sm" role="alert">
            {t('boxes.detailsSaveFailed')}
          </Text>
        )}
        <Stack gap="md">
          <Switch
            label={t('boxSettings.showCompleted')}
            checked={box.settings.showCompletedItems}
            disabled={readonly}
            onChange={(event) => handleSetting('showCompletedItems', event.currentTarget.checked)}
          />
          <Switch
            label={t('boxSettings.autoAdd')}
            checked={box.settings.autoAddToUnprioritized}
            disabled={readonly}
            onChange={(event) => handleSetting('autoAddToUnprioritized', event.currentTarget.checked)}
          />
        </Stack>
        {!box.isRootBox && (
          <>
            <Divider />
            {renderShare(box, abilities)}
          </>
        )}
        {abilities.archive && (
          <>
            <Divider />
            <Group justify="flex-start">
              <Button
                variant="light"
                color="red"
                leftSection={<IconArchive size={16} stroke={1.7} />}
                loading={archiving}
                onClick={() => void archive(box, { onArchived: handleClose })}
              >
                {t('boxSettings.archive')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
