import type { RefusedOrigin } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const refusedOriginsKey = (botId: string) => ['bots', 'refused-origins', botId] as const;

// The sites the widget refused for this bot, newest first (the server keeps 20 at most).
export function useRefusedOrigins(botId: string | null) {
  return useQuery({
    queryKey: refusedOriginsKey(botId ?? ''),
    queryFn: ({ signal }) =>
      api.get<RefusedOrigin[]>(`/api/bots/${encodeURIComponent(botId!)}/refused-origins`, {
        signal,
      }),
    enabled: Boolean(botId),
  });
}

export function useDismissRefusedOrigin(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (origin: string) =>
      api.delete<void>(
        `/api/bots/${encodeURIComponent(botId)}/refused-origins?origin=${encodeURIComponent(origin)}`,
      ),
    onSuccess: (_, origin) => {
      queryClient.setQueryData<RefusedOrigin[]>(refusedOriginsKey(botId), (list) =>
        list?.filter((item) => item.origin !== origin),
      );
    },
  });
}
