import type { Role, UserFilter } from '@askwell/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type AdminUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  subscription_tier: 'free' | 'premium';
  email_verified: boolean;
  is_admin: boolean;
  created_at: string;
};

export function useAdminUsers(search: string, filter: UserFilter) {
  return useQuery({
    queryKey: ['admin', 'users', { search, filter }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ search, filter });
      return api.get<AdminUser[]>(`/api/admin/users?${query.toString()}`, { signal });
    },
    // Typing in the search box keeps the last rows on screen instead of flashing the loader.
    placeholderData: keepPreviousData,
  });
}
