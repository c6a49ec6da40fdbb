import { type ServerToClientEvents, SOCKET_EVENTS } from '@nestbox/shared/realtime/events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { STORAGE_KEYS } from '../../config/storage-keys';
import { organizerKey } from '../../features/organizer/api/get-organizer';
import { ALL_ITEMS_FOR_PANE_KEY } from '../../features/workspace/api/get-items-for-pane';
import { getWorkspaceQueryOptions } from '../../features/workspace/api/get-workspace';
import { CLIENT_ID } from '../../lib/api-client';

/**
 * Keeps what is on screen in step with other clients (SPEC §4 "Live socket events"): one
 * socket per logged-in tab, websocket first and polling allowed once a reconnect is tried.
 * Events from this tab's own calls are ignored; others refresh the panes and the workspace.
 * Delivery is at most once, so after every reconnect everything on screen is refetched.
 * Setting local storage `nestbox.stopSocket` to 'true' turns it off.
 */
export function useLiveUpdates(token: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token || localStorage.getItem(STORAGE_KEYS.stopSocket) === 'true') return;
    const socket: Socket<ServerToClientEvents> = io({
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
    });
    let connectedBefore = false;

    const refreshPanes = () => {
      void queryClient.invalidateQueries({ queryKey: ALL_ITEMS_FOR_PANE_KEY });
      void queryClient.invalidateQueries({ queryKey: getWorkspaceQueryOptions().queryKey });
      // Organizer (issue 5): titles, target dates and completions elsewhere change its lists.
      void queryClient.invalidateQueries({ queryKey: organizerKey });
    };
    const fromElsewhere = (event: { clientId?: string }) => event.clientId !== CLIENT_ID;

    socket.io.on('reconnect_attempt', () => {
      socket.io.opts.transports = ['polling', 'websocket'];
      console.info('[live] reconnecting');
    });
    socket.on('connect', () => {
      console.info('[live] connected');
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    socket.on('connect_error', (error) => console.warn('[live] connection failed', error.message));
    socket.on(SOCKET_EVENTS.addItem, (event) => {
      if (fromElsewhere(event)) refreshPanes();
    });
    socket.on(SOCKET_EVENTS.updateItem, (event) => {
      if (fromElsewhere(event)) refreshPanes();
    });
    return () => {
      socket.close();
    };
  }, [token, queryClient]);
}
