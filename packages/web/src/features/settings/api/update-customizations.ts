import type { UpdateCustomizationsBody, User } from '@nestbox/shared/users/user.schema';
import { UserSavedResponseSchema } from '@nestbox/shared/users/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../../lib/api/get-user';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/admin/users/update-customizations`: any of the Customizations switches. */
export function updateCustomizations(body: UpdateCustomizationsBody) {
  return apiRequest<{ message: string; user: User }>('/api/admin/users/update-customizations', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? UserSavedResponseSchema : undefined,
  });
}

/**
 * Saves a switch, showing it flipped at once. Switches flipped in quick succession each keep
 * their own state: a failure puts back only the switch it was about, and a success (the
 * server agreeing) leaves the cache as it is.
 */
export function useUpdateCustomizations() {
  const queryClient = useQueryClient();
  const { queryKey } = getUserQueryOptions();
  const patch = (changes: Partial<User['customizations']>) =>
    queryClient.setQueryData(queryKey, (user) =>
      user ? { ...user, customizations: { ...user.customizations, ...changes } } : user,
    );
  return useMutation({
    mutationFn: updateCustomizations,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey)?.customizations;
      patch(body);
      return { before };
    },
    onError: (_error, body, context) => {
      const before = context?.before;
      if (!before) return;
      const keys = Object.keys(body) as Array<keyof User['customizations']>;
      patch(Object.fromEntries(keys.map((key) => [key, before[key]])));
    },
  });
}
