import type { UpdateCustomizationsBody, User } from '@nestbox/shared/users/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '../../../lib/api/get-user';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /api/admin/users/update-customizations`: any of the Customizations switches. */
export function updateCustomizations(body: UpdateCustomizationsBody) {
  return apiRequest<{ message: string; user: User }>('/api/admin/users/update-customizations', {
    method: 'PUT',
    body,
  });
}

/** Saves a switch, showing it flipped at once and putting it back if the save fails. */
export function useUpdateCustomizations() {
  const queryClient = useQueryClient();
  const { queryKey } = getUserQueryOptions();
  return useMutation({
    mutationFn: updateCustomizations,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      if (before)
        queryClient.setQueryData(queryKey, {
          ...before,
          customizations: { ...before.customizations, ...body },
        });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: ({ user }) => queryClient.setQueryData(queryKey, user),
  });
}
