import type { Bot, BotInput } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Creates the bot when there is no id yet, otherwise replaces its settings.
export function useSaveBot(botId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BotInput) =>
      botId
        ? api.put<Bot>(`/api/bots/${encodeURIComponent(botId)}`, input)
        : api.post<Bot>('/api/bots', input),
    onSuccess: (bot) => {
      queryClient.setQueryData(queryKeys.bot(bot.id), bot);
      void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
    },
  });
}
