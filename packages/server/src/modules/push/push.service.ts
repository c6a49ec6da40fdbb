import type { Agent } from 'node:https';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { isUserLocale, type UserLocale } from '@nestbox/shared/i18n/locales';
import type { PushPayload, PushSubscriptionBody } from '@nestbox/shared/push/push.schema';
import { itemLinkPath, PAGE_PATHS } from '@nestbox/shared/routes';
import type { Kysely } from 'kysely';
import webPush, { WebPushError } from 'web-push';
import type { Clock } from '../../clock.js';
import { newId } from '../../db/ids.js';
import type { Database, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import { isSessionLive } from '../auth/index.js';
import {
  deleteOwnSubscription,
  deleteSessionSubscriptions,
  deleteSubscriptions,
  findOwnSubscription,
  type PushSubscriptionRow,
  subscriptionsOf,
  upsertSubscription,
} from './push.repository.js';

/**
 * The push services browsers subscribe with: Chrome's and other Chromium browsers' (FCM),
 * Firefox's (Mozilla), Safari's (Apple) and Edge's (Windows). Nestbox sends to no other
 * address, so a subscription can never make the server call into its own network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether an endpoint is a known push service's, over HTTPS on its standard port. */
export function isPushServiceEndpoint(endpoint: URL): boolean {
  if (endpoint.protocol !== 'https:' || endpoint.port !== '' || endpoint.username || endpoint.password)
    return false;
  const host = endpoint.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** How long a push service keeps a notification for a device that is off (seconds). */
const TIME_TO_LIVE_S = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** A reminder occurrence that fired, as a notification needs it. */
export interface FiredReminderNotice {
  reminderId: string;
  userId: string;
  itemId: string;
  title: string;
  fireAt: number;
  timezone: string;
  locale: string;
}

export interface PushTransport {
  /** Which endpoints may be sent to; by default the browsers' push services only. */
  allowEndpoint?: (endpoint: URL) => boolean;
  /** The HTTPS agent to send with (tests trust their local stand-in's certificate). */
  agent?: Agent;
}

/**
 * Web Push: devices subscribe, and each reminder occurrence that fires is sent, encrypted for
 * each device, to every device of its person whose session still counts. A device the push
 * service says is gone (404, 410), or whose session ended, is forgotten.
 */
export function createPushService({
  db,
  vapid,
  subject,
  transport = {},
  now,
  onError = () => {},
}: {
  db: Kysely<Database>;
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  transport?: PushTransport;
  now: Clock;
  onError?: (error: unknown, context: string) => void;
}) {
  const allowEndpoint = transport.allowEndpoint ?? isPushServiceEndpoint;
  const localeOf = (locale: string): UserLocale => (isUserLocale(locale) ? locale : 'en-GB');

  /** Sends one payload to one device: true when taken, false when the device is gone (then forgotten). */
  async function send(subscription: PushSubscriptionRow, payload: PushPayload): Promise<boolean> {
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: TIME_TO_LIVE_S,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          ...(transport.agent ? { agent: transport.agent } : {}),
        },
      );
      return true;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await deleteSubscriptions(db, [subscription.id]);
        return false;
      }
      throw error;
    }
  }

  /** The devices of these people whose sessions still count; the others are forgotten. */
  async function liveSubscriptions(userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
    const at = now();
    const all = await subscriptionsOf(db, userIds);
    const live: PushSubscriptionRow[] = [];
    const ended: string[] = [];
    for (const subscription of all) {
      const counts = await isSessionLive(
        db,
        {
          userId: subscription.user_id,
          tokenId: subscription.session_id,
          tokenVersion: subscription.token_version,
          expiresAt: subscription.session_expires_at,
        },
        at,
      );
      if (counts) live.push(subscription);
      else ended.push(subscription.id);
    }
    await deleteSubscriptions(db, ended);
    return live;
  }

  return {
    publicKey: () => ({ publicKey: vapid.publicKey }),

    /** This device, for this person and session; 400 for an endpoint that is no push service's. */
    async subscribe(
      user: UserRow,
      session: { id: string; expiresAt: number },
      body: PushSubscriptionBody,
    ): Promise<void> {
      if (!allowEndpoint(new URL(body.endpoint)))
        throw appErrors.badRequest('error.validation', { endpoint: 'push.endpoint.invalid' });
      await upsertSubscription(db, {
        id: newId(),
        user_id: user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        session_id: session.id,
        token_version: user.token_version,
        session_expires_at: session.expiresAt,
        created_at: now(),
      });
    },

    /** Stops notifying this device, if it is the caller's. */
    unsubscribe: (user: UserRow, endpoint: string) => deleteOwnSubscription(db, user.id, endpoint),

    /** The session logged out: its devices are notified no more. */
    sessionEnded: (sessionId: string) => deleteSessionSubscriptions(db, sessionId),

    /** A test notification to one of the caller's devices; 404 when the endpoint is not theirs. */
    async sendTest(user: UserRow, endpoint: string): Promise<{ delivered: boolean }> {
      const subscription = await findOwnSubscription(db, user.id, endpoint);
      if (!subscription) throw appErrors.notFound();
      const locale = localeOf(user.locale);
      try {
        const delivered = await send(subscription, {
          title: translate(locale, 'push.test.title'),
          body: translate(locale, 'push.test.body'),
          url: PAGE_PATHS.app,
          tag: 'nestbox-test',
        });
        return { delivered };
      } catch (error) {
        onError(error, 'a test notification could not be sent');
        return { delivered: false };
      }
    },

    /** One notification per fired occurrence and device, in its person's language. */
    async notifyFired(fired: readonly FiredReminderNotice[]): Promise<void> {
      const devices = await liveSubscriptions([...new Set(fired.map((notice) => notice.userId))]);
      if (devices.length === 0) return;
      for (const notice of fired) {
        const locale = localeOf(notice.locale);
        const payload: PushPayload = {
          title: notice.title,
          body: translate(locale, 'push.reminder.body', {
            date: formatDate(notice.fireAt, notice.timezone, locale, 'EEEE d MMMM yyyy, HH:mm'),
          }),
          url: itemLinkPath(notice.itemId),
          tag: `reminder-${notice.reminderId}`,
        };
        for (const device of devices.filter((subscription) => subscription.user_id === notice.userId)) {
          await send(device, payload).catch((error: unknown) =>
            onError(error, 'a reminder notification failed'),
          );
        }
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
