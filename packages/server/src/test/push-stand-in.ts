import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@nestbox/shared/push/push.schema';
import ece from 'http_ece';
import selfsigned from 'selfsigned';
import type { PushTransport } from '../modules/push/push.service.js';

/** What a push service received for one device. */
export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push held open by a service that never answers. */
export interface HeldPush {
  device: string;
  at: number;
  /** When the sender closed the connection. */
  droppedAt?: number;
}

/** A browser's side of a subscription: its keys (which decrypt what it receives) and its endpoint. */
export interface StandInDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a push sent to this device (RFC 8291, aes128gcm), as the browser would. */
  read(push: ReceivedPush): PushPayload;
}

/**
 * A local stand-in for a browser push service (FCM, Mozilla's, Apple's): HTTPS on loopback
 * with a certificate of its own, recording every push it receives; a device can be made to
 * answer like a gone subscription (410). `transport` lets the app send to it, trusting its
 * certificate, and to nothing else.
 */
export async function startPushStandIn() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const hung = new Set<string>();
  const held: HeldPush[] = [];
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = (request.url ?? '').replace('/push/', '');
      if (hung.has(device)) {
        const push: HeldPush = { device, at: Date.now() };
        held.push(push);
        response.on('close', () => {
          push.droppedAt = Date.now();
        });
        return;
      }
      if (gone.has(device)) {
        response.writeHead(410).end();
        return;
      }
      received.push({ device, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  const transport: PushTransport = {
    readEndpoint: (endpoint) => {
      if (!endpoint.startsWith(`${origin}/push/`) || !URL.canParse(endpoint)) return undefined;
      const url = new URL(endpoint);
      return url.origin === origin ? { hostname: '127.0.0.1', port, path: url.pathname } : undefined;
    },
    agent: new Agent({ ca: pems.cert }),
  };

  return {
    origin,
    received,
    transport,
    /** A new browser subscription on this service. */
    device(name: string): StandInDevice {
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        read: (push) =>
          JSON.parse(
            ece
              .decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth })
              .toString('utf8'),
          ) as PushPayload,
      };
    },
    /** From now on this device answers 410 Gone, as a push service does for an expired subscription. */
    forget(name: string) {
      gone.add(name);
    },
    /** From now on this device's service never answers: its requests are held open. */
    hang(name: string) {
      hung.add(name);
    },
    /** The requests held open for hung devices: when each came, and when the sender gave up. */
    held,
    pushesTo: (name: string) => received.filter((push) => push.device === name),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type PushStandIn = Awaited<ReturnType<typeof startPushStandIn>>;
