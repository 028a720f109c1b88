import type { BotSummary } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useBotChoices() {
  return useQuery({
    queryKey: queryKeys.botList,
    queryFn: ({ signal }) => api.get<BotSummary[]>('/api/bots', { signal }),
  });
}
