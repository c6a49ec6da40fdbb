import {
  type UpdatePasswordBody,
  type UpdatePasswordResponse,
  UpdatePasswordResponseSchema,
} from '@nestbox/shared/users/user.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveToken } from '../../../lib/session';

/** `PUT /api/admin/users/update-password`: 400 with `fields.currentPassword` or `fields.password`. */
export function updatePassword(body: UpdatePasswordBody): Promise<UpdatePasswordResponse> {
  return apiRequest<UpdatePasswordResponse>('/api/admin/users/update-password', {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV ? UpdatePasswordResponseSchema : undefined,
  });
}

/** Changes the password and keeps this tab logged in with the token the server returned. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: ({ token }) => saveToken(token),
  });
}
