import type { Bot } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useBot(botId: string) {
  return useQuery({
    queryKey: queryKeys.bot(botId),
    queryFn: ({ signal }) => api.get<Bot>(`/api/bots/${encodeURIComponent(botId)}`, { signal }),
  });
}
