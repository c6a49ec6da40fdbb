import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Item, UpdateSettingBody } from '@nestbox/shared/items/item.schema';
import { IconArchive, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../../hooks/use-abilities';
import { useArchiveItem } from '../api/archive-item';
import { useUpdateItem } from '../api/update-item';
import { useUpdateSetting } from '../api/update-setting';
import { ShareSection } from './share-section';

interface BoxSettingsModalProps {
  opened: boolean;
  onClose: () => void;
  box: Item;
  /** The title as the pane shows it ('Workspace' for the root box). */
  title: string;
}

/** 'Box settings' (SPEC §2): favourite star, the two switches, sharing and archiving (never the root box). */
export function BoxSettingsModal({ opened, onClose, box, title }: BoxSettingsModalProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  // SPEC §8: a failed setting is not a notification; the modal shows its error state instead.
  const [failed, setFailed] = useState(false);
  const updateSetting = useUpdateSetting();
  const updateItem = useUpdateItem();
  const archiveItem = useArchiveItem();
  const abilities = useAbilities(box);
  const readonly = !abilities.edit;

  const handleSetting = (settingKey: UpdateSettingBody['settingKey'], settingValue: boolean) =>
    updateSetting.mutate(
      { itemId: box._id, settingKey, settingValue },
      { onSuccess: () => setFailed(false), onError: () => setFailed(true) },
    );

  const handleClose = () => {
    setConfirming(false);
    setFailed(false);
    onClose();
  };

  const favouriteLabel = box.favourited ? t('boxSettings.unfavourite') : t('boxSettings.favourite');

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      size="md"
      title={
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} fz="lg" lineClamp={1}>
            {title}
          </Text>
          <Tooltip label={favouriteLabel}>
            <ActionIcon
              variant="subtle"
              color="yellow"
              aria-label={favouriteLabel}
              aria-pressed={box.favourited}
              onClick={() =>
                updateItem.mutate(
                  { itemId: box._id, favourited: !box.favourited },
                  { onSuccess: () => setFailed(false), onError: () => setFailed(true) },
                )
              }
            >
              {box.favourited ? <IconStarFilled size={18} /> : <IconStar size={18} stroke={1.7} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    >
      <Stack gap="lg">
        {failed && (
          <Text c="red.7" fz="sm" role="alert">
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
            <ShareSection itemId={box._id} abilities={abilities} />
          </>
        )}
        {abilities.archive && (
          <>
            <Divider />
            {confirming ? (
              <Alert color="red" variant="light" title={t('boxSettings.archive')}>
                <Text fz="sm" mb="sm">
                  {t('boxSettings.archiveConfirm')}
                </Text>
                <Group gap="sm" justify="flex-end">
                  <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    color="red"
                    size="xs"
                    loading={archiveItem.isPending}
                    onClick={() =>
                      archiveItem.mutate(box._id, { onSuccess: handleClose, onError: () => setFailed(true) })
                    }
                  >
                    {t('boxSettings.archiveConfirmButton')}
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Group justify="flex-start">
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconArchive size={16} stroke={1.7} />}
                  onClick={() => setConfirming(true)}
                >
                  {t('boxSettings.archive')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
