import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { SESSION_STORAGE_KEYS } from '../config/storage-keys';
import { sessionStore } from './session-store';

/** The kinds of notification of SPEC §3 (Notification: type, message, timeout). */
export const NOTIFICATION_TYPES = ['error', 'info', 'success', 'warning'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface AppNotification {
  /** @default 'info' */
  type?: NotificationType;
  message: string;
  /** Milliseconds before it closes by itself, or `false` to stay until closed. @default 5000 */
  timeout?: number | false;
  /** A button beside the message (it closes the notification, then acts). */
  action?: { label: string; onClick: () => void };
}

let shown = 0;

const looks = {
  error: { color: 'red', Icon: IconX },
  info: { color: 'blue', Icon: IconInfoCircle },
  success: { color: 'nest', Icon: IconCheck },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
} as const;

/** Shows a notification in the top-right corner (above modals). */
export function notify({ type = 'info', message, timeout = 5_000, action }: AppNotification): void {
  const { color, Icon } = looks[type];
  shown += 1;
  const id = `notification-${shown}`;
  notifications.show({
    id,
    color,
    message: action ? (
      <Stack gap={6} align="flex-start">
        <span>{message}</span>
        <Button
          size="compact-sm"
          // Yellow's light button is too faint to read (2.7:1): a warning's action is a plain one.
          variant={type === 'warning' ? 'default' : 'light'}
          color={color}
          onClick={() => {
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Stack>
    ) : (
      message
    ),
    autoClose: timeout,
    icon: <Icon size={18} stroke={2} />,
  });
}

/**
 * Keeps a notification for the next page load of this tab: the profile reloads the app to
 * apply a new language or timezone, and the confirmation must survive the reload.
 */
export function notifyAfterReload(notification: AppNotification): void {
  try {
    sessionStore()?.setItem(SESSION_STORAGE_KEYS.pendingNotification, JSON.stringify(notification));
  } catch {
    // Storage full or disabled: the confirmation is lost, the change itself is saved.
  }
}

function isAppNotification(value: unknown): value is AppNotification {
  if (typeof value !== 'object' || value === null) return false;
  const { type, message } = value as Record<string, unknown>;
  const knownType = type === undefined || NOTIFICATION_TYPES.some((known) => known === type);
  return typeof message === 'string' && knownType;
}

/** Shows (once) the notification kept by {@link notifyAfterReload}, if any. */
export function showNotificationKeptForReload(): void {
  const store = sessionStore();
  let kept: unknown;
  try {
    const json = store?.getItem(SESSION_STORAGE_KEYS.pendingNotification);
    store?.removeItem(SESSION_STORAGE_KEYS.pendingNotification);
    kept = json ? JSON.parse(json) : undefined;
  } catch {
    return;
  }
  if (isAppNotification(kept)) notify(kept);
}
