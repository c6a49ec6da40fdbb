import type { Agent } from 'node:https';
import { formatDate } from '@nestbox/shared/dates/format-date';
import { userLocaleOf } from '@nestbox/shared/i18n/locales';
import {
  PUSH_DEVICES_MAX,
  type PushPayload,
  type PushSubscriptionBody,
} from '@nestbox/shared/push/push.schema';
import { itemLinkPath, PAGE_PATHS } from '@nestbox/shared/routes';
import webPush from 'web-push';
import type { Clock } from '../../clock.js';
import type { DbEngine } from '../../db/connection.js';
import { newId } from '../../db/ids.js';
import type { Executor, UserRow } from '../../db/schema.js';
import { appErrors } from '../../http/app-error.js';
import { translate } from '../../i18n/translate.js';
import { isSessionLive } from '../auth/auth.service.js';
import type { MentionNotice } from '../reminders/reminders.contract.js';
import {
  addSubscription,
  deleteOwnSubscription,
  deleteSessionSubscriptions,
  deleteSubscriptions,
  findOwnSubscription,
  type PushSubscriptionRow,
  subscriptionsOf,
} from './push.repository.js';
import { type PushTarget, readPushEndpoint } from './push-endpoint.js';
import { PushRequestError, sendPushRequest } from './push-request.js';

/** How long a push service keeps a notification for a device that is off (seconds). */
const TIME_TO_LIVE_S = 24 * 60 * 60;
/** How long one device's push service may take to answer: devices are sent to side by side. */
const SEND_TIMEOUT_MS = 5_000;

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
  /** Which endpoints may be sent to, and where; by default the browsers' push services only. */
  readEndpoint?: (endpoint: string) => PushTarget | undefined;
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
  engine,
  vapid,
  subject,
  transport = {},
  now,
  onError = () => {},
}: {
  db: Executor;
  engine: DbEngine;
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  transport?: PushTransport;
  now: Clock;
  onError?: (error: unknown, context: string) => void;
}) {
  const readEndpoint = transport.readEndpoint ?? readPushEndpoint;

  /**
   * Sends one payload to one device: true when taken, false when the device is gone (then
   * forgotten). An endpoint that fails the check (a row stored before it) is forgotten unsent.
   */
  async function send(subscription: PushSubscriptionRow, payload: PushPayload): Promise<boolean> {
    const target = readEndpoint(subscription.endpoint);
    if (!target) {
      await deleteSubscriptions(db, [subscription.id]);
      return false;
    }
    const prepared = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TIME_TO_LIVE_S,
        urgency: 'high',
      },
    );
    try {
      await sendPushRequest(target, prepared, { agent: transport.agent, timeoutMs: SEND_TIMEOUT_MS });
      return true;
    } catch (error) {
      if (error instanceof PushRequestError && (error.statusCode === 404 || error.statusCode === 410)) {
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

  /** Sends each payload to every live device of its person, side by side. */
  async function deliver(notices: readonly { userId: string; payload: PushPayload }[], failure: string) {
    const devices = await liveSubscriptions([...new Set(notices.map((notice) => notice.userId))]);
    if (devices.length === 0) return;
    await Promise.all(
      notices.flatMap(({ userId, payload }) =>
        devices
          .filter((subscription) => subscription.user_id === userId)
          .map((device) => send(device, payload).catch((error: unknown) => onError(error, failure))),
      ),
    );
  }

  return {
    publicKey: () => ({ publicKey: vapid.publicKey }),

    /** This device, for this person and session; 400 for an endpoint that is no push service's. */
    async subscribe(
      user: UserRow,
      session: { id: string; expiresAt: number },
      body: PushSubscriptionBody,
    ): Promise<void> {
      if (!readEndpoint(body.endpoint))
        throw appErrors.badRequest('error.validation', { endpoint: 'push.endpoint.invalid' });
      const added = await addSubscription(db, engine, PUSH_DEVICES_MAX, {
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
      if (!added) throw appErrors.conflict('push.tooManyDevices');
    },

    /** Stops notifying this device, if it is the caller's. */
    unsubscribe: (user: UserRow, endpoint: string) => deleteOwnSubscription(db, user.id, endpoint),

    /** The session logged out: its devices are notified no more. */
    sessionEnded: (sessionId: string) => deleteSessionSubscriptions(db, sessionId),

    /** A test notification to one of the caller's devices; 404 when the endpoint is not theirs. */
    async sendTest(user: UserRow, endpoint: string): Promise<{ delivered: boolean }> {
      const subscription = await findOwnSubscription(db, user.id, endpoint);
      if (!subscription) throw appErrors.notFound();
      const locale = userLocaleOf(user.locale);
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
    notifyFired: (fired: readonly FiredReminderNotice[]) =>
      deliver(
        fired.map((notice) => {
          const locale = userLocaleOf(notice.locale);
          return {
            userId: notice.userId,
            payload: {
              title: notice.title,
              body: translate(locale, 'push.reminder.body', {
                date: formatDate(notice.fireAt, notice.timezone, locale, 'EEEE d MMMM yyyy, HH:mm'),
              }),
              url: itemLinkPath(notice.itemId),
              tag: `reminder-${notice.reminderId}`,
            },
          };
        }),
        'a reminder notification failed',
      ),

    /** One notification per mention and device of the person named, in their language. */
    notifyMentioned: (notices: readonly MentionNotice[]) =>
      deliver(
        notices.map((notice) => ({
          userId: notice.userId,
          payload: {
            title: notice.title,
            body: translate(userLocaleOf(notice.locale), 'push.mention.body', {
              name: notice.by,
              excerpt: notice.body.length > 120 ? `${notice.body.slice(0, 119)}…` : notice.body,
            }),
            url: itemLinkPath(notice.itemId),
            tag: `mention-${notice.commentId}`,
          },
        })),
        'a mention notification failed',
      ),
  };
}

export type PushService = ReturnType<typeof createPushService>;
