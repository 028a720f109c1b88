import type { AdminUserPage, UserFilter } from '@askwell/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export const adminUsersKey = ['admin', 'users'] as const;

// Newest first, 50 at a time; each 'Load more' asks for the page before the last row shown.
export function useAdminUsers(search: string, filter: UserFilter) {
  return useInfiniteQuery({
    queryKey: [...adminUsersKey, { search, filter }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ search, filter });
      if (pageParam) query.set('before', pageParam);
      return api.get<AdminUserPage>(`/api/admin/users?${query.toString()}`, { signal });
    },
    getNextPageParam: (last) => last.next_cursor,
    // Typing in the search box keeps the last rows on screen instead of flashing the loader.
    placeholderData: keepPreviousData,
  });
}
