import type { BotSummary } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The signed-in customer's chatbots: the bots list and every page that picks a bot read this one
// cache entry, so creating or deleting a bot updates all of them.
export function useBots() {
  return useQuery({
    queryKey: queryKeys.botList,
    queryFn: ({ signal }) => api.get<BotSummary[]>('/api/bots', { signal }),
  });
}
