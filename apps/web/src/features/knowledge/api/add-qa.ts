import type { KnowledgeSource, QaSourceInput } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { storeSource } from './cache';

export function useAddQa(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QaSourceInput) =>
      api.post<KnowledgeSource>(`/api/bots/${encodeURIComponent(botId)}/qa`, input),
    onSuccess: (source) => storeSource(queryClient, source),
  });
}
