import type { KnowledgeSource } from '@askwell/shared';
import type { QueryClient } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

// Puts a new or changed source into every cached list it belongs to. A response can arrive after
// a live event about the same source (a damaged file fails within milliseconds of Retry), so an
// older copy never replaces a newer one.
export function storeSource(queryClient: QueryClient, source: KnowledgeSource) {
  for (const key of [queryKeys.sourceList(), queryKeys.sourceList(source.botId)]) {
    queryClient.setQueryData<KnowledgeSource[]>(key, (list) => {
      if (!list) return list;
      const index = list.findIndex((item) => item.id === source.id);
      if (index === -1) return [source, ...list];
      if (Date.parse(list[index]!.updatedAt) > Date.parse(source.updatedAt)) return list;
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
