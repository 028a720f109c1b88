import type { TrainingStarted, TrainingState } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const trainingPath = (botId: string) => `/api/bots/${encodeURIComponent(botId)}/training`;

export function useTraining(botId: string) {
  return useQuery({
    queryKey: queryKeys.training(botId),
    queryFn: ({ signal }) => api.get<TrainingState>(trainingPath(botId), { signal }),
    // Realtime events refresh it too; polling covers a dropped socket while a run is going.
    refetchInterval: (query) => (query.state.data?.running ? 3000 : false),
  });
}

export function useStartTraining(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TrainingStarted>(trainingPath(botId)),
    onSuccess: (state) => {
      queryClient.setQueryData<TrainingState>(queryKeys.training(botId), {
        running: state.running,
        steps: state.steps,
        sources: state.sources,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.sources });
      void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
    },
  });
}
