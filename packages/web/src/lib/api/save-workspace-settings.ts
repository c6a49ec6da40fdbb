import { OkResponseSchema } from '@nestbox/shared/http/responses';
import type { User } from '@nestbox/shared/users/user.schema';
import type { WorkspaceSettings } from '@nestbox/shared/workspace/workspace.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { getUserQueryOptions } from './get-user';

/** `PUT /api/workspace/settings`: the settings given change, the others stay. */
export function saveWorkspaceSettings(settings: WorkspaceSettings): Promise<unknown> {
  return apiRequest<unknown>('/api/workspace/settings', {
    method: 'PUT',
    body: { settings },
    schema: import.meta.env.DEV ? OkResponseSchema : undefined,
  });
}

/** Saves workspace settings; the logged-in user's copy follows at once and goes back on failure. */
export function useSaveWorkspaceSettings() {
  const queryClient = useQueryClient();
  const key = getUserQueryOptions().queryKey;
  return useMutation({
    mutationFn: saveWorkspaceSettings,
    // Synchronous, so a radio or switch bound to the user's settings follows the click at once
    // (the user query never refetches by itself: it has no pending fetch to cancel).
    onMutate: (settings) => {
      const before = queryClient.getQueryData<User>(key);
      if (before) {
        const next = { ...before.workspace.settings, ...settings };
        queryClient.setQueryData<User>(key, {
          ...before,
          workspace: { ...before.workspace, settings: next },
        });
      }
      return { before };
    },
    onError: (_error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}
