import type { KnowledgeSource, WebsiteSourceInput } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { storeSource } from './cache';

export function useAddWebsite(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebsiteSourceInput) =>
      api.post<KnowledgeSource>(`/api/bots/${encodeURIComponent(botId)}/websites`, input),
    onSuccess: (source) => storeSource(queryClient, source),
  });
}
