import { Modal, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ShortcutKeys } from '../../components/keyboard/shortcut-keys';
import type { TranslationKey } from '../../lib/i18n';
import { SHORTCUT_GROUPS, SHORTCUTS, type ShortcutGroup } from '../../lib/shortcut-list';
import { closeShortcutsHelp, useShortcutsEnabled, useShortcutsHelpOpen } from '../../lib/shortcuts';
import classes from './shortcuts-help.module.css';

const GROUP_TITLES: Record<ShortcutGroup, TranslationKey> = {
  everywhere: 'shortcuts.group.everywhere',
  panes: 'shortcuts.group.panes',
  organizer: 'shortcuts.group.organizer',
};

function ShortcutGroupList({ group }: { group: ShortcutGroup }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz="sm" id={headingId} className={classes.groupTitle}>
        {t(GROUP_TITLES[group])}
      </Title>
      <dl className={classes.list}>
        {SHORTCUTS.filter((shortcut) => shortcut.groups.includes(group)).map((shortcut) => (
          <div key={shortcut.description} className={classes.entry}>
            <dt className={classes.keys}>
              <ShortcutKeys shortcut={shortcut} />
            </dt>
            <dd className={classes.description}>{t(shortcut.description)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * 'Keyboard shortcuts': every shortcut of the app by where it works, read from the one list
 * (lib/shortcut-list.ts), in the person's language. `?` opens it, and so does the header.
 */
export function ShortcutsHelp() {
  const { t } = useTranslation();
  const opened = useShortcutsHelpOpen();
  const enabled = useShortcutsEnabled();
  return (
    <Modal opened={opened} onClose={closeShortcutsHelp} title={t('shortcuts.title')} size="lg">
      <Stack gap="lg" pb="xs">
        <Text fz="sm" c="dimmed">
          {enabled ? t('shortcuts.intro') : t('shortcuts.offNote')}
        </Text>
        {SHORTCUT_GROUPS.map((group) => (
          <ShortcutGroupList key={group} group={group} />
        ))}
      </Stack>
    </Modal>
  );
}
