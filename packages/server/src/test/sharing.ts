import type { AccessLevel } from '@nestbox/shared/items/item.schema';
import { apiCalls } from './api-calls.js';
import type { TestApp } from './build-test-app.js';
import { createSignedInUser, type SignedInUser } from './factories.js';

/** The people a sharing test names: an item's owner, an editor and a reader of it, and a stranger. */
export interface SharingCast {
  owner: SignedInUser;
  editor: SignedInUser;
  reader: SignedInUser;
  stranger: SignedInUser;
}

/** Signs in the owner, the editor, the reader and the stranger, in that order; nothing is shared yet. */
export async function createSharingCast(t: TestApp): Promise<SharingCast> {
  const owner = await createSignedInUser(t);
  const editor = await createSignedInUser(t);
  const reader = await createSignedInUser(t);
  const stranger = await createSignedInUser(t);
  return { owner, editor, reader, stranger };
}

/**
 * Shares `itemId` as `owner` with each member at its level (`PUT /api/items/associate-user`),
 * in order, each expected to succeed.
 */
export async function share(
  t: TestApp,
  owner: { token: string },
  itemId: string,
  members: readonly (readonly [member: { id: string }, ownershipId: AccessLevel])[],
): Promise<void> {
  const { ok } = apiCalls(
    () => t,
    () => owner.token,
  );
  for (const [member, ownershipId] of members)
    await ok('PUT', '/api/items/associate-user', { itemId, userId: member.id, ownershipId });
}
