import type { Socket } from 'socket.io-client';

/** The first pause before asking a server that closed the socket again, and the longest. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Keeps a live socket connected through a server restart. A server that stops (a restart, a
 * deploy) closes its sockets itself, and socket.io takes that for final: here the socket asks
 * again after a pause that grows while the server stays away (as socket.io's own reconnection
 * does). A connection lost any other way (a server gone before it could close it, a network
 * gone quiet) socket.io's own reconnection takes up. Either way `onServerClosed` is told, since
 * changes from elsewhere stop arriving. Answers the way to stop, for when the session ended on
 * purpose or the page lets go of the socket.
 */
export function keepConnected(socket: Socket, onServerClosed: () => void = () => {}): () => void {
  let retries = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const connected = () => {
    retries = 0;
  };
  const disconnected = (reason: Socket.DisconnectReason) => {
    if (reason === 'io client disconnect' || stopped) return;
    onServerClosed();
    if (reason !== 'io server disconnect') return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** retries) * (0.5 + Math.random());
    retries += 1;
    retry = setTimeout(() => socket.connect(), delay);
  };
  socket.on('connect', connected);
  socket.on('disconnect', disconnected);
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket.off('connect', connected);
    socket.off('disconnect', disconnected);
  };
}
