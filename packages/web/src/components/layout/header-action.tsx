import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './icon-action.module.css';

interface HeaderActionProps {
  /** Tooltip text and accessible name: they are always the same (the tooltip adds the shortcut). */
  label: string;
  icon: ReactNode;
  /** Navigates to this path; otherwise the button calls `onClick`. */
  to?: string;
  onClick?: () => void;
  /** The current page (links) or an on state (toggles). */
  active?: boolean;
  /** Announce the button as a toggle with this state. */
  pressed?: boolean;
  /** The id of what describes the button's state (a count), read after its name. */
  describedBy?: string;
  /** Its keyboard shortcut: shown after the tooltip's text (`Ctrl+K`), announced as `aria-keyshortcuts` (`Control+K`). */
  shortcut?: { shown: string; aria: string };
}

/** One icon button of the header, with its tooltip (which honours the 'Enable tooltips' setting). */
export function HeaderAction({
  label,
  icon,
  to,
  onClick,
  active = false,
  pressed,
  describedBy,
  shortcut,
}: HeaderActionProps) {
  const look = {
    'aria-label': label,
    'aria-describedby': describedBy,
    'aria-keyshortcuts': shortcut?.aria,
    className: classes.action,
    size: 'lg',
    radius: 'md',
    variant: active ? 'light' : 'subtle',
    color: active ? 'nest' : 'gray',
  } as const;
  const tip = shortcut ? (
    <>
      {label}
      <span style={{ marginInlineStart: '1em', opacity: 0.75 }}>{shortcut.shown}</span>
    </>
  ) : (
    label
  );
  return (
    <Tooltip label={tip}>
      {to ? (
        <ActionIcon component={Link} to={to} aria-current={active ? 'page' : undefined} {...look}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon type="button" onClick={onClick} aria-pressed={pressed} {...look}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
