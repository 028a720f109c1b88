import type { KnowledgeSource } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useBotSources(botId: string) {
  return useQuery({
    queryKey: queryKeys.sourceList(botId),
    queryFn: ({ signal }) =>
      api.get<KnowledgeSource[]>(`/api/sources?${new URLSearchParams({ botId }).toString()}`, {
        signal,
      }),
  });
}
