import { z } from 'zod';
import { SHARE_SEARCH_MIN_TERM_LENGTH } from '../constants.js';
import { ACCESS_LEVELS } from '../items/item.schema.js';

const id = z.string().min(1).max(64);

/** One person an item is shared with (SPEC §3 "Share entry"); `ownershipId` is the level. */
export const ShareEntrySchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    ownershipId: z.enum(ACCESS_LEVELS),
    ownershipName: z.string().describe('The level, translated.'),
  })
  .meta({ id: 'ShareEntry' });

/**
 * People who see an item through a box above it (`GET /api/items/get-inherited-shares`): the
 * box, nearest first, and those whose nearest link is on it. Only boxes the caller can see.
 */
export const InheritedShareSchema = z
  .object({
    itemId: z.string().describe('The box above the item.'),
    title: z.string(),
    entries: z.array(ShareEntrySchema),
  })
  .meta({ id: 'InheritedShare' });

export type InheritedShare = z.infer<typeof InheritedShareSchema>;

/** `PUT /api/items/associate-user`: share with a user (editor unless said otherwise). */
export const AssociateUserBodySchema = z
  .object({ itemId: id, userId: id, ownershipId: z.enum(ACCESS_LEVELS).default('editor') })
  .meta({ id: 'AssociateUserBody' });

/** `PUT /api/items/update-ownership`. */
export const UpdateOwnershipBodySchema = z
  .object({ itemId: id, userId: id, ownershipId: z.enum(ACCESS_LEVELS) })
  .meta({ id: 'UpdateOwnershipBody' });

/** `DELETE /api/items/remove-association`. */
export const RemoveAssociationQuerySchema = z.object({ itemId: id, userId: id });

/** `GET /api/users/search-users`. */
export const SearchUsersQuerySchema = z.object({
  searchTerm: z
    .string()
    .trim()
    .min(SHARE_SEARCH_MIN_TERM_LENGTH, { error: 'validation.invalidValue' })
    .max(100),
});

export const UserHitSchema = z.object({ _id: z.string(), name: z.string() }).meta({ id: 'UserHit' });

export type ShareEntry = z.infer<typeof ShareEntrySchema>;

export type AssociateUserBody = z.input<typeof AssociateUserBodySchema>;
export type UpdateOwnershipBody = z.input<typeof UpdateOwnershipBodySchema>;
export type RemoveAssociationQuery = z.input<typeof RemoveAssociationQuerySchema>;
export type SearchUsersQuery = z.input<typeof SearchUsersQuerySchema>;
export type UserHit = z.infer<typeof UserHitSchema>;
