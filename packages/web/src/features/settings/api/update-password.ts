import {
  type UpdatePasswordBody,
  type UpdatePasswordResponse,
  UpdatePasswordResponseSchema,
} from '@nestbox/shared/users/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveToken } from '../../../lib/session';
import { OWN_ACTIVITY_KEY } from './get-own-activity';

/** `PUT /api/admin/users/update-password`: 400 with `fields.currentPassword` or `fields.password`. */
export function updatePassword(body: UpdatePasswordBody): Promise<UpdatePasswordResponse> {
  return apiRequest<UpdatePasswordResponse>('/api/admin/users/update-password', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? UpdatePasswordResponseSchema : undefined,
  });
}

/**
 * Changes the password and keeps this tab logged in with the token the server returned; the
 * change then shows in Recent activity.
 */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: ({ token }) => {
      saveToken(token);
      void queryClient.invalidateQueries({ queryKey: OWN_ACTIVITY_KEY });
    },
  });
}
