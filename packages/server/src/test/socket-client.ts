import type { ServerToClientEvents } from '@nestbox/shared/realtime/events';
import { io, type Socket } from 'socket.io-client';

export type ClientSocket = Socket<ServerToClientEvents>;

/** A connected socket.io client, or the reason it was refused. */
export function connect(baseUrl: string, token: string | undefined): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The next event of this name on the socket (fails after `ms`). */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, ms = 3_000) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (
      socket.once as (
        name: string,
        listener: (payload: Parameters<ServerToClientEvents[E]>[0]) => void,
      ) => void
    )(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
