import type { KnowledgeSource, SyncSchedule } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { forgetSource, storeSource } from './cache';

const sourcePath = (id: string) => `/api/sources/${encodeURIComponent(id)}`;

export function useRetrySource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<KnowledgeSource>(`${sourcePath(id)}/retry`),
    onSuccess: (source) => storeSource(queryClient, source),
  });
}

export function useSyncSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<KnowledgeSource | undefined>(`${sourcePath(id)}/sync`),
    onSuccess: (source, id) => {
      if (source && typeof source === 'object' && 'id' in source) storeSource(queryClient, source);
      else void queryClient.invalidateQueries({ queryKey: ['sources'] });
      void queryClient.invalidateQueries({ queryKey: ['sources', 'pages', id] });
    },
  });
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, syncSchedule }: { id: string; syncSchedule: SyncSchedule }) =>
      api.patch<KnowledgeSource>(sourcePath(id), { syncSchedule }),
    onSuccess: (source) => storeSource(queryClient, source),
  });
}

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(sourcePath(id)),
    onSuccess: (_, id) => forgetSource(queryClient, id),
  });
}

export function downloadUrl(id: string) {
  return `${sourcePath(id)}/download`;
}
