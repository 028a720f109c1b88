import { botInputSchema, type Bot } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Adds one host to a chatbot's allowed domains and saves at once, reading the bot's current
// settings first so nothing else the owner saved is overwritten.
export function useAllowDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ botId, host }: { botId: string; host: string }) => {
      const path = `/api/bots/${encodeURIComponent(botId)}`;
      const input = botInputSchema.parse(await api.get<Bot>(path));
      const domains = input.allowedDomains ?? [];
      if (domains.includes(host)) return api.get<Bot>(path);
      return api.put<Bot>(path, { ...input, allowedDomains: [...domains, host] });
    },
    onSuccess: (bot) => {
      queryClient.setQueryData(queryKeys.bot(bot.id), bot);
      void queryClient.invalidateQueries({ queryKey: queryKeys.botList });
    },
  });
}
