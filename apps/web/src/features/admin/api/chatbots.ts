import type { AdminChatbotDetail, AdminChatbotPage } from '@askwell/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';

const chatbotsKey = ['admin', 'chatbots'] as const;

export function useAdminChatbots(search: string) {
  return useInfiniteQuery({
    queryKey: [...chatbotsKey, 'list', { search }],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ search });
      if (pageParam) query.set('before', pageParam);
      return api.get<AdminChatbotPage>(`/api/admin/chatbots?${query.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Typing in the search box keeps the last rows on screen instead of flashing the loader.
    placeholderData: keepPreviousData,
  });
}

export function useAdminChatbot(botId: string) {
  return useQuery({
    queryKey: [...chatbotsKey, 'detail', botId],
    queryFn: ({ signal }) =>
      api.get<AdminChatbotDetail>(`/api/admin/chatbots/${encodeURIComponent(botId)}`, { signal }),
  });
}

// Disable with a reason, or enable (reason null). The detail is what the server answers; the list
// is read again so its Status column follows.
export function useStaffChatbotSwitch(botId: string) {
  const queryClient = useQueryClient();
  return useMutation<AdminChatbotDetail, ApiError, { reason: string } | null>({
    mutationFn: (disable) => {
      const path = `/api/admin/chatbots/${encodeURIComponent(botId)}`;
      return disable
        ? api.post<AdminChatbotDetail>(`${path}/disable`, disable)
        : api.post<AdminChatbotDetail>(`${path}/enable`);
    },
    onSuccess: (detail) => {
      queryClient.setQueryData([...chatbotsKey, 'detail', botId], detail);
      void queryClient.invalidateQueries({ queryKey: [...chatbotsKey, 'list'] });
    },
  });
}
