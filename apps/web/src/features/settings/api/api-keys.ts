import type { ApiKey, ApiKeyCreated } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useApiKeys() {
  return useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: ({ signal }) => api.get<{ keys: ApiKey[] }>('/api/api-keys', { signal }),
    select: (data) => data.keys,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation<ApiKeyCreated, ApiError, { name: string }>({
    mutationFn: (input) => api.post<ApiKeyCreated>('/api/api-keys', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationFn: (id) => api.delete<void>(`/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
