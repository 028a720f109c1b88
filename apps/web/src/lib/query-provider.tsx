import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

import { queryConfig } from './react-query';

// One cache for the whole session: the sign-in pages, the dashboard and the back office each mount
// this provider (the public pages do not need React Query, so they never load it), and they share
// what the others fetched.
export const queryClient = new QueryClient({ defaultOptions: queryConfig });

export function QueryProvider({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
