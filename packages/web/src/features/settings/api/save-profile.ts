import {
  type SaveProfileBody,
  type User,
  type UserSavedResponse,
  UserSavedResponseSchema,
} from '@nestbox/shared/users/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../../lib/api/get-user';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/admin/users/save-profile`: 409 with `fields.email` when the address is taken, 400 per field. */
export function saveProfile(body: SaveProfileBody): Promise<UserSavedResponse> {
  return apiRequest<UserSavedResponse>('/api/admin/users/save-profile', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? UserSavedResponseSchema : undefined,
  });
}

type Settings = Pick<User, 'locale' | 'timezone'>;

/** A new language or timezone applies by reloading the app (SPEC §4), so every screen picks it up. */
export function needsReload(before: Settings, after: Settings): boolean {
  return before.locale !== after.locale || before.timezone !== after.timezone;
}

/**
 * Saves the profile and puts the saved user in the cache every screen reads it from —
 * unless the app is about to reload, when the old page must not switch language first.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { queryKey } = getUserQueryOptions();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: ({ user }) => {
      const before = queryClient.getQueryData(queryKey);
      if (before && needsReload(before, user)) return;
      queryClient.setQueryData(queryKey, user);
    },
  });
}
