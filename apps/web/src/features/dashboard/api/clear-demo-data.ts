import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

// The spec's clear_demo_data. The demo's rows are in nearly every list the dashboard shows
// (chatbots, conversations, leads, analytics, the overview), so everything cached is fetched again.
export function useClearDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/dashboard/demo-data'),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
