import { type Agent, request } from 'node:https';
import type { PushTarget } from './push-endpoint.js';

/** A push service's answer that was no success. */
export class PushRequestError extends Error {
  override name = 'PushRequestError';

  constructor(readonly statusCode: number) {
    super(`the push service answered ${statusCode}`);
  }
}

/**
 * Sends one prepared Web Push request (its headers and encrypted body) to a checked target.
 * The connection goes to the target's own host, port and path: no URL string is parsed again
 * here. The whole exchange is cut off after `timeoutMs`, so one slow service holds no one up.
 */
export function sendPushRequest(
  target: PushTarget,
  prepared: { method: string; headers: Record<string, string | number>; body: Buffer | null },
  { agent, timeoutMs }: { agent?: Agent; timeoutMs: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: prepared.method,
        headers: prepared.headers,
        signal: AbortSignal.timeout(timeoutMs),
        ...(agent ? { agent } : {}),
      },
      (response) => {
        response.resume();
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status <= 299) resolve();
          else reject(new PushRequestError(status));
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(prepared.body ?? undefined);
  });
}
