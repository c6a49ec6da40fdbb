import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UNDO_ID_HEADER, UNDO_NOTICE_MS, UNDO_TTL_MS } from '@nestbox/shared/constants';
import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { UndoActionBody } from '@nestbox/shared/undo/undo.schema';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiCallOptions, apiRequest, isApiError } from './api-client';
import { i18n } from './i18n';
import { notify } from './notify';

/**
 * Undo (docs/guide.md "Undo"): a change that moves, hides or loses something answers an `X-Undo-Id`;
 * its notification offers Undo for UNDO_NOTICE_MS, and Ctrl+Z (Cmd+Z on a Mac) undoes this
 * tab's latest such change, then the one before, while the server still keeps them
 * (UNDO_TTL_MS). The server does the undo; the tab then asks again for everything it shows,
 * since what comes back may sit in any pane, the Organizer or a search.
 */

/** An answer, and the id that undoes the change when the server offers one. */
export interface Undoable<T> {
  data: T;
  undoId: string | null;
}

/** `apiRequest` for a change that may be undone: the answer and its `X-Undo-Id`. */
export async function undoableRequest<T>(path: string, options: ApiCallOptions): Promise<Undoable<T>> {
  let undoId: string | null = null;
  const data = await apiRequest<T>(path, {
    ...options,
    onHeaders: (headers) => {
      undoId = headers.get(UNDO_ID_HEADER);
    },
  });
  return { data, undoId };
}

/** `POST /api/undo/undo-action`. */
export function undoAction(body: UndoActionBody): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/undo/undo-action', {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** A change of this tab's that can be undone. */
export interface UndoableChange {
  undoId: string;
  /** What the notification says of it, one short line ('Item archived.'). */
  message: string;
}

interface Entry extends UndoableChange {
  queryClient: QueryClient;
  at: number;
}

/** This tab's undoable changes, oldest first. */
const stack: Entry[] = [];
/** Changes kept for Ctrl+Z at most; older ones are let go. */
const STACK_LIMIT = 50;
/** The notice on screen, if any (each change's has its own id, so its 8 s start afresh). */
let shownNotice: string | undefined;

function hideNotice() {
  if (shownNotice) notifications.hide(shownNotice);
  shownNotice = undefined;
}

function forgetExpired(now: number) {
  while (stack[0] && now - stack[0].at >= UNDO_TTL_MS) stack.shift();
}

/** Takes an entry off the stack; false when it is no longer there (undone already, or let go). */
function take(entry: Entry): boolean {
  const index = stack.indexOf(entry);
  if (index === -1) return false;
  stack.splice(index, 1);
  return true;
}

function showNotice(entry: Entry) {
  // One notice at a time: a new change replaces the last one's (many drags never pile up).
  hideNotice();
  shownNotice = `undo-${entry.undoId}`;
  // No icon: the line keeps its width for the message and the button, which never shrinks.
  notifications.show({
    id: shownNotice,
    color: 'gray',
    autoClose: UNDO_NOTICE_MS,
    message: (
      <Group gap="xs" wrap="nowrap">
        <Text fz="sm" component="span" flex={1} miw={0}>
          {entry.message}
        </Text>
        <Button variant="subtle" size="compact-sm" flex="none" onClick={() => void undo(entry)}>
          {i18n.t('undo.action')}
        </Button>
      </Group>
    ),
  });
}

/**
 * Undoes one change: the server puts it back (or says why it cannot: changed since, gone), the
 * tab asks again for what it showed, and 'Undone' or the refusal is told.
 */
async function undo(entry: Entry): Promise<void> {
  if (!take(entry)) return;
  if (shownNotice === `undo-${entry.undoId}`) hideNotice();
  try {
    await undoAction({ undoId: entry.undoId });
  } catch (error) {
    if (isApiError(error) && error.canceled) return;
    const refused = isApiError(error) && error.status >= 400 && error.status < 500;
    notify({ type: 'error', message: refused ? error.message : i18n.t('error.generic') });
    return;
  }
  notify({ type: 'success', message: i18n.t('undo.done') });
  // Everything on screen is asked again; what is not becomes stale.
  await entry.queryClient.invalidateQueries();
}

/**
 * Offers Undo for a change that answered an undo id: the notification with its Undo button,
 * and a place on this tab's Ctrl+Z stack. A change the server offered no undo for shows
 * nothing here.
 */
export function useOfferUndo() {
  const queryClient = useQueryClient();
  return useCallback(
    (undoId: string | null, message: string) => {
      if (!undoId) return;
      const now = Date.now();
      forgetExpired(now);
      const entry: Entry = { undoId, message, queryClient, at: now };
      stack.push(entry);
      if (stack.length > STACK_LIMIT) stack.shift();
      showNotice(entry);
    },
    [queryClient],
  );
}

/** Ctrl+Z's action: undoes this tab's latest undoable change (again: the one before it). */
export function useUndo() {
  const undoLatest = useCallback(() => {
    forgetExpired(Date.now());
    const latest = stack.at(-1);
    if (latest) void undo(latest);
    else notify({ message: i18n.t('undo.nothing'), timeout: 3_000 });
  }, []);
  return { undoLatest };
}
