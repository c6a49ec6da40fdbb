import { Kbd, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { SpotlightFooter } from '@mantine/spotlight';
import type { FoundItem } from '@nestbox/shared/items/find.schema';
import { IconAlignLeft, IconBox } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Highlighted } from '../../components/rich-text/highlighted';
import { displayTitleIn } from '../../lib/display-title';
import classes from './command-palette.module.css';
import { PATH_SEPARATOR } from './palette-rules';
import type { PaletteCommand } from './use-palette-commands';

/** One line of the list: something found, or a command. */
export type Row = { key: string; found: FoundItem } | { key: string; command: PaletteCommand };

export interface Group {
  key: string;
  label: string;
  rows: Row[];
}

/** The id of an option of the list (the field's `aria-activedescendant`). */
export function optionId(listId: string, key: string): string {
  return `${listId}-${key}`;
}

/** The list under the field: its groups (found, commands) and their options. */
export function PaletteList({
  listId,
  groups,
  activeRow,
  busy,
  onFound,
  onCommand,
}: {
  listId: string;
  groups: Group[];
  activeRow: Row | undefined;
  busy: boolean;
  onFound: (found: FoundItem, inNewPane: boolean) => void;
  onCommand: (command: PaletteCommand) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.list}>
      <div id={listId} role="listbox" aria-label={t('palette.list')} aria-busy={busy || undefined}>
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (ARIA's pattern); a fieldset would bring form semantics.
          <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`}>
            <div id={`${listId}-${group.key}`} className={classes.groupLabel}>
              {group.label}
            </div>
            {group.rows.map((row) => {
              const common = { id: optionId(listId, row.key), active: row === activeRow };
              if ('found' in row)
                return (
                  <PaletteOption
                    key={row.key}
                    {...common}
                    onChoose={(event) => onFound(row.found, event.shiftKey)}
                  >
                    <FoundRow found={row.found} />
                  </PaletteOption>
                );
              const { command } = row;
              return (
                <PaletteOption
                  key={row.key}
                  {...common}
                  disabled={command.unavailable !== undefined}
                  onChoose={() => onCommand(command)}
                >
                  <CommandRow command={command} />
                </PaletteOption>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * One option of the list, chosen by a click or by Enter while it is the active one (the
 * field's `aria-activedescendant`). The palette moves the choice itself, so Spotlight's
 * own actions (`data-action`, which drop their id) are not used.
 */
export function PaletteOption({
  id,
  active,
  disabled = false,
  onChoose,
  children,
}: {
  id: string;
  active: boolean;
  disabled?: boolean;
  onChoose: (event: MouseEvent) => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      data-active={active || undefined}
      tabIndex={-1}
      className={classes.option}
      // The focus stays in the field.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      {children}
    </UnstyledButton>
  );
}

/** A box or text found: what it is, its title with the matched parts marked, the boxes above it. */
export function FoundRow({ found }: { found: FoundItem }) {
  const { t } = useTranslation();
  const isBox = found.itemType === 'todoBox';
  const Icon = isBox ? IconBox : IconAlignLeft;
  const title = found.title.trim() ? found.title : displayTitleIn(t, found);
  const path =
    found.path.length > 0
      ? found.path.map((box) => displayTitleIn(t, { title: box, itemType: 'todoBox' })).join(PATH_SEPARATOR)
      : found.parentItemId === null
        ? t('item.parent.sharedWithYou')
        : null;
  return (
    <>
      <Icon className={classes.icon} data-box={isBox || undefined} size={18} stroke={1.7} aria-hidden />
      <span className={classes.body}>
        <VisuallyHidden>{t(isBox ? 'palette.kind.box' : 'palette.kind.text')} </VisuallyHidden>
        <span className={classes.title} data-completed={found.completed || undefined}>
          {title === found.title ? <Highlighted text={title} ranges={found.highlights} /> : title}
        </span>
        {found.completed && <VisuallyHidden>, {t('palette.done')}</VisuallyHidden>}
        {path && (
          <span className={classes.detail}>
            <VisuallyHidden>, </VisuallyHidden>
            {path}
          </span>
        )}
      </span>
    </>
  );
}

/** A command: its icon, its name (and why it cannot run now), its shortcut. */
export function CommandRow({ command }: { command: PaletteCommand }) {
  const detail = command.unavailable ?? command.detail;
  return (
    <>
      <span className={classes.icon} aria-hidden>
        {command.icon}
      </span>
      <span className={classes.body}>
        <span className={classes.title}>{command.label}</span>
        {detail && (
          <span className={classes.detail}>
            <VisuallyHidden>, </VisuallyHidden>
            {detail}
          </span>
        )}
      </span>
      {command.keys && (
        <span className={classes.keys}>
          {command.keys.map((key) => (
            <Kbd key={key} size="xs">
              {key}
            </Kbd>
          ))}
        </span>
      )}
    </>
  );
}

/** The keys the palette answers, as the box finder or the commands take them. */
export function PaletteFooter({ moving, title }: { moving: boolean; title: string }) {
  const { t } = useTranslation();
  return (
    <SpotlightFooter className={classes.footer} data-moving={moving || undefined}>
      {moving ? (
        <>
          <span className={classes.moving}>
            <Kbd size="xs">↵</Kbd> {t('palette.footer.moveHere', { title })}
          </span>
          <span>
            <Kbd size="xs">Esc</Kbd> {t('palette.footer.back')}
          </span>
        </>
      ) : (
        <>
          <span>
            <Kbd size="xs">↵</Kbd> {t('palette.footer.open')}
          </span>
          <span>
            <Kbd size="xs">⇧</Kbd> <Kbd size="xs">↵</Kbd> {t('palette.footer.newPane')}
          </span>
          <span>
            <Kbd size="xs">Esc</Kbd> {t('palette.footer.close')}
          </span>
        </>
      )}
    </SpotlightFooter>
  );
}
