import { ActionIcon } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openQuickCapture } from '../../lib/quick-capture/capture-opener';
import classes from './capture-fab.module.css';

/** Quick capture within a thumb's reach; shown on phones and touch screens only (by its style sheet). */
export function CaptureFab() {
  const { t } = useTranslation();
  return (
    <ActionIcon
      className={classes.fab}
      size={56}
      radius="xl"
      variant="filled"
      color="nest"
      aria-label={t('capture.title')}
      data-capture-fab
      onClick={openQuickCapture}
    >
      <IconPlus size={28} stroke={2} aria-hidden />
    </ActionIcon>
  );
}
