import type {
  ConnectionProvider,
  ConnectionTestResult,
  ModelSettings,
  ModelSettingsUpdate,
} from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useModelSettings() {
  return useQuery({
    queryKey: queryKeys.modelSettings,
    queryFn: ({ signal }) => api.get<ModelSettings>('/api/settings', { signal }),
  });
}

export function useUpdateModelSettings() {
  const queryClient = useQueryClient();
  return useMutation<ModelSettings, ApiError, ModelSettingsUpdate>({
    mutationFn: (update) => api.put<ModelSettings>('/api/settings', update),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.modelSettings, settings),
  });
}

// Tests what is saved, not what is typed: the server decrypts the stored key and calls the provider.
export function useTestConnection() {
  return useMutation<ConnectionTestResult, ApiError, ConnectionProvider>({
    mutationFn: (provider) =>
      api.post<ConnectionTestResult>('/api/settings/test-connection', { provider }),
  });
}
