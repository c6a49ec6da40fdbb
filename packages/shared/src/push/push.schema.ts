import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.en-gb.js';

const msg = (key: MessageKey) => ({ error: key });

/** The longest push service address accepted (the services' own are far shorter). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1_024;

/** The most devices one account has notified: past it, a device must be turned off first. */
export const PUSH_DEVICES_MAX = 20;

/** base64url, as a browser's `PushSubscription.toJSON()` writes its keys. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A push service's address: HTTPS only (which services are allowed is the server's rule). */
const EndpointSchema = z
  .string(msg('push.endpoint.invalid'))
  .max(PUSH_ENDPOINT_MAX_LENGTH, msg('push.endpoint.invalid'))
  .refine(
    (value) => URL.canParse(value) && new URL(value).protocol === 'https:',
    msg('push.endpoint.invalid'),
  )
  .describe("The push service's address for this device (`PushSubscription.endpoint`), HTTPS.");

/** `POST /api/push/subscriptions`: this device's browser push subscription, as `PushSubscription.toJSON()` gives it. */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: EndpointSchema,
    keys: z.object(
      {
        // An uncompressed P-256 point is 65 bytes (87 characters); an auth secret 16 bytes (22).
        p256dh: z
          .string(msg('push.keys.invalid'))
          .length(87, msg('push.keys.invalid'))
          .regex(BASE64URL, msg('push.keys.invalid')),
        auth: z
          .string(msg('push.keys.invalid'))
          .min(22, msg('push.keys.invalid'))
          .max(24, msg('push.keys.invalid'))
          .regex(BASE64URL, msg('push.keys.invalid')),
      },
      msg('push.keys.invalid'),
    ),
  })
  .meta({ id: 'PushSubscriptionBody' });

/** Which device: `DELETE /api/push/subscriptions` (its query string) and `POST /api/push/test` (its body). */
export const PushEndpointSchema = z.object({ endpoint: EndpointSchema });

/** `GET /api/push/public-key`: the server's VAPID public key, the `applicationServerKey` to subscribe with. */
export const PushPublicKeySchema = z
  .object({ publicKey: z.string().describe('base64url, an uncompressed P-256 point.') })
  .meta({ id: 'PushPublicKey' });

/** `POST /api/push/test`: whether the push service took the test notification. */
export const PushTestResultSchema = z
  .object({
    delivered: z
      .boolean()
      .describe('False when the push service refused it: the subscription is gone and was removed.'),
  })
  .meta({ id: 'PushTestResult' });

/** What a notification carries to the service worker (encrypted for the device), already in the person's language. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app page the notification opens (an item in its box, or the app). */
  url: z.string(),
  /** Notifications with one tag replace each other (one per reminder). */
  tag: z.string(),
});

export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;
export type PushTestResult = z.infer<typeof PushTestResultSchema>;
export type PushPayload = z.infer<typeof PushPayloadSchema>;
