import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useDeleteBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) => api.delete<void>(`/api/bots/${encodeURIComponent(botId)}`),
    onSuccess: (_, botId) => {
      queryClient.removeQueries({ queryKey: queryKeys.bot(botId) });
      queryClient.removeQueries({ queryKey: queryKeys.training(botId) });
      // Its knowledge goes with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sources });
    },
  });
}
