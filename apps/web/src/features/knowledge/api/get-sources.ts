import type { KnowledgeSource } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function fetchSources(botId?: string, signal?: AbortSignal) {
  const query = botId ? `?${new URLSearchParams({ botId }).toString()}` : '';
  return api.get<KnowledgeSource[]>(`/api/sources${query}`, { signal });
}

// Without a bot: every source of the account, newest first.
export function useSources(botId?: string) {
  return useQuery({
    queryKey: queryKeys.sourceList(botId),
    queryFn: ({ signal }) => fetchSources(botId, signal),
  });
}
