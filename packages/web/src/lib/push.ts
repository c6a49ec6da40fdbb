import type { PushSubscriptionBody } from '@nestbox/shared/push/push.schema';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from './api/push-subscriptions';

/**
 * Web Push on this device: whether the browser can, and the device's subscription. The
 * subscription lives in the browser (with the service worker); the server keeps it for the
 * session that sent it.
 */
export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  // Browsers offer service workers and push only on HTTPS (and localhost).
  if (!window.isSecureContext) return 'insecure';
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? 'supported'
    : 'unsupported';
}

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function asBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  };
}

/** The browser never activated the app's service worker, which push needs. */
export class NoServiceWorkerError extends Error {
  constructor() {
    super('No active service worker');
    this.name = 'NoServiceWorkerError';
  }
}

/**
 * Why this device cannot be notified: the browser lacks push or refuses it here (`insecure`,
 * `unsupported`), the person blocked it (`denied`), the app's service worker never started
 * (`noWorker`: private windows and some settings stop it), or the browser's push service
 * refused to subscribe the device (`noPushService`: browsers built without one, or with it
 * turned off). None of these passes by waiting.
 */
export type PushProblem = 'insecure' | 'unsupported' | 'denied' | 'noWorker' | 'noPushService';

/** What a failure to turn notifications on means (the API's own failures are told apart by the caller). */
export function pushProblemOf(error: unknown): PushProblem {
  if (error instanceof NoServiceWorkerError) return 'noWorker';
  if (error instanceof DOMException && error.name === 'NotAllowedError') return 'denied';
  return 'noPushService';
}

/** How long to wait for the app's service worker (installed by the signed-in app when idle). */
const WORKER_WAIT_MS = 15_000;

/** The active service worker's registration; fails when the browser never activates one. */
async function activeWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const never = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoServiceWorkerError()), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, never]);
  } finally {
    clearTimeout(timer);
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Asks the person's permission, subscribes the device with the server's key and tells the
 * server. `denied` when the person (or the browser) refuses notifications.
 */
export async function turnOnPush(): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await activeWorker();
  const { publicKey } = await getPushPublicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await savePushSubscription(asBody(subscription));
  return 'on';
}

/** Stops notifications on this device: the server forgets it, then the browser drops it. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * Tells the server again about this device's subscription, under the current session (a
 * password change gives the tab a new session, whose devices the server must know).
 */
export async function resyncPush(): Promise<void> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted') return;
  const subscription = await currentPushSubscription();
  if (subscription) await savePushSubscription(asBody(subscription));
}

/** At logout: the device is no one's any more (whoever signs in next turns notifications on for themselves). */
export async function forgetPushOnThisDevice(): Promise<void> {
  await (await currentPushSubscription())?.unsubscribe();
}
