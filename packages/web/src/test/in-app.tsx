import { MantineProvider } from '@mantine/core';
import type { User } from '@nestbox/shared/users/user.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getUserQueryOptions } from '../lib/api/get-user';

/** `node` inside what the signed-in app gives it: Mantine, and a cache holding `user` when given. */
export function inApp(node: ReactNode, { user }: { user?: User } = {}): ReactNode {
  const queryClient = new QueryClient();
  if (user) queryClient.setQueryData(getUserQueryOptions().queryKey, user);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider>{node}</MantineProvider>
    </QueryClientProvider>
  );
}
