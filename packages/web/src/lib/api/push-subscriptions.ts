import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { PushPublicKey, PushSubscriptionBody, PushTestResult } from '@nestbox/shared/push/push.schema';
import { PushPublicKeySchema, PushTestResultSchema } from '@nestbox/shared/push/push.schema';
import { apiRequest } from '../api-client';

/** `GET /api/push/public-key`: the key this server's notifications are signed with. */
export function getPushPublicKey(): Promise<PushPublicKey> {
  return apiRequest<PushPublicKey>('/api/push/public-key', {
    method: 'GET',
    schema: import.meta.env.DEV ? PushPublicKeySchema : undefined,
  });
}

/** `POST /api/push/subscriptions`: notify this device (again) under the current session. */
export function savePushSubscription(subscription: PushSubscriptionBody): Promise<{ ok: true }> {
  return apiRequest('/api/push/subscriptions', {
    body: subscription,
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** `DELETE /api/push/subscriptions`: stop notifying this device. */
export function deletePushSubscription(endpoint: string): Promise<{ ok: true }> {
  return apiRequest('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** `POST /api/push/test`: a test notification to this device. */
export function sendTestPush(endpoint: string): Promise<PushTestResult> {
  return apiRequest<PushTestResult>('/api/push/test', {
    body: { endpoint },
    schema: import.meta.env.DEV ? PushTestResultSchema : undefined,
  });
}
