import type { KnowledgeSource } from '@askwell/shared';
import type { QueryClient } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

// Puts a new or changed source into every cached list it belongs to, then lets the lists refetch.
export function storeSource(queryClient: QueryClient, source: KnowledgeSource) {
  for (const key of [queryKeys.sourceList(), queryKeys.sourceList(source.botId)]) {
    queryClient.setQueryData<KnowledgeSource[]>(key, (list) => {
      if (!list) return list;
      const index = list.findIndex((item) => item.id === source.id);
      if (index === -1) return [source, ...list];
      const next = [...list];
      next[index] = source;
      return next;
    });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
  void queryClient.invalidateQueries({ queryKey: queryKeys.training(source.botId) });
}

export function forgetSource(queryClient: QueryClient, sourceId: string) {
  queryClient.setQueriesData<KnowledgeSource[]>(
    { queryKey: [...queryKeys.sources, 'list'] },
    (list) => list?.filter((item) => item.id !== sourceId),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.sources });
  void queryClient.invalidateQueries({ queryKey: queryKeys.bots });
}
