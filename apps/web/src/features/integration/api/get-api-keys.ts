import type { ApiKey } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Only to tell the reader whether they already have a usable key.
export function useActiveApiKeyCount() {
  return useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: ({ signal }) => api.get<{ keys: ApiKey[] }>('/api/api-keys', { signal }),
    select: (data) => data.keys.filter((key) => key.revokedAt === null).length,
  });
}
