import type { WebsitePage } from '@askwell/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useSourcePages(sourceId: string) {
  return useQuery({
    queryKey: queryKeys.sourcePages(sourceId),
    queryFn: ({ signal }) =>
      api.get<WebsitePage[]>(`/api/sources/${encodeURIComponent(sourceId)}/pages`, { signal }),
  });
}
