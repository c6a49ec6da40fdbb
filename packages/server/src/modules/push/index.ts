/** The push module's public face: Web Push subscriptions and reminder notifications. */
export {
  createPushService,
  type FiredReminderNotice,
  type PushService,
  type PushTransport,
} from './push.service.js';
