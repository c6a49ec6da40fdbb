import { type ServerToClientEvents, SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { io, type Socket } from 'socket.io-client';
import { STORAGE_KEYS } from '../../config/storage-keys';
import { attachmentsKey } from '../../features/attachments/api/get-attachments';
import { commentsKey } from '../../features/comments/api/get-comments';
import { historyKey } from '../../features/history/api/get-history';
import { organizerKey } from '../../features/organizer/api/get-organizer';
import { UNREAD_COUNT_KEY } from '../../features/reminders/api/reminder-events';
import { IMPORT_FINISHED_KEY } from '../../features/settings/api/import-finished';
import { saveTextItem } from '../../features/workspace/api/save-text-item';
import { CLIENT_ID, isApiError } from '../../lib/api-client';
import { markUnreachable } from '../../lib/connectivity';
import { i18n } from '../../lib/i18n';
import { keepConnected } from '../../lib/live-socket';
import { notify } from '../../lib/notify';
import { rerunAfterItemChange } from '../../lib/query-client';
import { savedTextOf } from '../../lib/saved-texts';
import type { SessionEndedState } from '../../lib/session';
import { applyAddItem, applyUpdateItem } from './live-cache';

/**
 * Keeps what is on screen in step with other clients (SPEC §4 "Live socket events"): one
 * socket per logged-in tab, websocket first and polling allowed once a reconnect is tried.
 * Events from this tab's own calls are ignored; others patch the cached panes (live-cache.ts).
 * Delivery is at most once, and only once the socket has joined: at every connect, the first
 * one too, what was read before it is read again (readAgainAfterJoin).
 * When the server ends the session (logged out, password changed elsewhere, re-seeded, token
 * expired) it says why: the tab goes to the login page at once, which shows the reason.
 * Setting local storage `nestbox.stopSocket` to 'true' turns it off.
 */
export function useLiveUpdates(token: string | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!token || localStorage.getItem(STORAGE_KEYS.stopSocket) === 'true') return;
    const socket: Socket<ServerToClientEvents> = io({
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
    });

    // The Organizer lists titles, target dates and completions from anywhere, and a search
    // pane finds items anywhere: both are asked again.
    const refreshLists = () => {
      void queryClient.invalidateQueries({ queryKey: organizerKey });
      void rerunAfterItemChange(queryClient);
    };
    const fromElsewhere = (event: { clientId?: string }) => event.clientId !== CLIENT_ID;

    socket.io.on('reconnect_attempt', () => {
      socket.io.opts.transports = ['polling', 'websocket'];
      console.info('[live] reconnecting');
    });
    let stopWaiting = () => {};
    socket.on('connect', () => {
      console.info('[live] connected');
      stopWaiting();
      stopWaiting = readAgainAfterJoin(queryClient);
    });
    socket.on('connect_error', (error) => console.warn('[live] connection failed', error.message));
    // Through a server restart: asked again, and the app counts as offline meanwhile (the
    // status line says so) until the server answers. A session ended on purpose says so first
    // (sessionEnded) and leaves the page, so nothing is asked again then.
    const stopKeeping = keepConnected(socket, () => markUnreachable());
    socket.on('disconnect', (reason) => console.info('[live] disconnected', reason));
    socket.on(SOCKET_EVENTS.addItem, (event) => {
      if (!fromElsewhere(event)) return;
      applyAddItem(queryClient, event);
      refreshLists();
    });
    socket.on(SOCKET_EVENTS.updateItem, (event) => {
      if (!fromElsewhere(event)) return;
      applyUpdateItem(queryClient, event);
      refreshLists();
    });
    // A save elsewhere replaced words this page saved without seeing them: say so, and offer
    // them back (the other words stay until then: the last save wins).
    socket.on(SOCKET_EVENTS.itemOverwritten, ({ itemId, replacedTitle, title, ...event }) => {
      if (!fromElsewhere(event) || savedTextOf(itemId) !== replacedTitle) return;
      notify({
        type: 'warning',
        timeout: false,
        message: i18n.t('conflict.replaced', { mine: replacedTitle, theirs: title }),
        action: {
          label: i18n.t('conflict.putMineBack'),
          onClick: () =>
            void saveTextItem({ itemId, title: replacedTitle, startedFrom: title }).then(
              () => void queryClient.invalidateQueries(),
              (error: unknown) =>
                notify({ type: 'error', message: isApiError(error) ? error.message : String(error) }),
            ),
        },
      });
    });
    // An item's thread, open in Item settings, is read again; rows' counts came with UPDATE_ITEM.
    socket.on(SOCKET_EVENTS.commentsChanged, (event) => {
      if (fromElsewhere(event)) void queryClient.invalidateQueries({ queryKey: commentsKey(event.itemId) });
    });
    socket.on(SOCKET_EVENTS.attachmentsChanged, (event) => {
      if (fromElsewhere(event))
        void queryClient.invalidateQueries({ queryKey: attachmentsKey(event.itemId) });
    });
    // An item's history, open in Item settings, is read again: this tab's own changes too, as
    // nothing else brings their events into it.
    socket.on(SOCKET_EVENTS.historyChanged, (event) => {
      void queryClient.invalidateQueries({ queryKey: historyKey(event.itemId) });
    });
    // The reminders badge follows the server's count.
    // A read of the count still on its way (the one after a join) may have been answered
    // before this count was sent: it is dropped, so its older count cannot replace this one.
    socket.on(SOCKET_EVENTS.remindersUnreadCount, ({ count }) => {
      void queryClient
        .cancelQueries({ queryKey: UNREAD_COUNT_KEY })
        .then(() => queryClient.setQueryData(UNREAD_COUNT_KEY, { count }));
    });
    // One of this person's imports is done: the import section may be waiting on it, and
    // what is on screen (the Organizer, search panes) may hold what came in.
    socket.on(SOCKET_EVENTS.importFinished, (event) => {
      queryClient.setQueryData(IMPORT_FINISHED_KEY, event);
      refreshLists();
    });
    socket.on(SOCKET_EVENTS.sessionEnded, ({ reason }) => {
      stopKeeping();
      const { pathname, search } = window.location;
      const state: SessionEndedState = { sessionEnded: reason, returnTo: `${pathname}${search}` };
      navigate(PAGE_PATHS.logout, { replace: true, state });
    });
    return () => {
      stopWaiting();
      stopKeeping();
      socket.close();
    };
  }, [token, queryClient, navigate]);
}

/**
 * The socket hears of changes only from the moment it joins, so every query on record then was
 * read, or is being read, without it: a change made meanwhile was neither pushed nor read. Once
 * those reads have settled (a read under way is not cut short, and a first pane is not drawn
 * later for it), they are read again. Returns a way to stop waiting.
 */
function readAgainAfterJoin(queryClient: QueryClient): () => void {
  const readBefore = new Set(queryClient.getQueryCache().getAll());
  const settled = () => [...readBefore].every((query) => query.state.fetchStatus !== 'fetching');
  const readAgain = () => void queryClient.invalidateQueries({ predicate: (query) => readBefore.has(query) });
  if (settled()) {
    readAgain();
    return () => {};
  }
  const stop = queryClient.getQueryCache().subscribe(() => {
    if (!settled()) return;
    stop();
    readAgain();
  });
  return stop;
}
