import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Z_INDEX } from '@nestbox/shared/constants';
import { i18n } from '../../lib/i18n';

export interface ConfirmOptions {
  title: string;
  /** What confirming does, in a sentence or two. */
  body: string;
  /** The confirm button: the action itself ('Revoke'), never a bare 'OK'. */
  confirmLabel: string;
  onConfirm: () => void;
}

function openConfirm({ title, body, confirmLabel, onConfirm }: ConfirmOptions, danger: boolean): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{body}</Text>,
    labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
    confirmProps: danger ? { color: 'red' } : {},
    // Above any modal already open: most confirmations start inside Settings.
    zIndex: Z_INDEX.modal + 1,
    onConfirm,
  });
}

/**
 * Asks before a change that no Undo brings back (unlink an account, revoke a token, turn a
 * feed off, re-seed the database): the confirm button is red.
 */
export function confirmDanger(options: ConfirmOptions): void {
  openConfirm(options, true);
}

/** Asks before a change that is easy to take back by hand: the confirm button in the usual colour. */
export function confirmChange(options: ConfirmOptions): void {
  openConfirm(options, false);
}
