import '@mantine/core/styles/Kbd.layer.css';
import { Kbd } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shortcut } from '../../lib/shortcut-list';
import { hotkeyLabels } from '../../lib/shortcut-list';
import { isApplePlatform } from '../../lib/shortcuts';
import classes from './shortcut-keys.module.css';

/**
 * Kbd's styles come with this component (in Mantine's layer), so only the screens that show
 * keys load them.
 *
 * A shortcut's keys as the person's keyboard names them (Cmd on a Mac), each key a `<Kbd>`:
 * `Ctrl + K`, `G then W`, `↑ or ↓`.
 */
export function ShortcutKeys({ shortcut }: { shortcut: Pick<Shortcut, 'keys' | 'sequence'> }) {
  const { t } = useTranslation();
  const apple = isApplePlatform();
  return (
    <span className={classes.keys}>
      {shortcut.keys.map((hotkey, index) => (
        <Fragment key={hotkey}>
          {index > 0 ? (
            <span className={classes.joiner}>
              {shortcut.sequence ? t('shortcuts.then') : t('shortcuts.or')}
            </span>
          ) : null}
          <span className={classes.chord}>
            {hotkeyLabels(hotkey, { apple, t }).map((label, at) => (
              <Fragment key={label}>
                {at > 0 ? (
                  <span className={classes.plus} aria-hidden>
                    +
                  </span>
                ) : null}
                <Kbd size="sm">{label}</Kbd>
              </Fragment>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
