import type { ConversationDetail, ConversationList, VisitorDeleteResult } from '@askwell/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { conversationQuery, type ConversationFilters } from '../lib/filters';

export const conversationKeys = {
  all: ['conversations'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', filters] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
};

// Live events refresh these at once; the interval is the fallback while the socket is down.
export function useConversations(filters: ConversationFilters) {
  return useQuery({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ConversationList>(`/api/conversations?${conversationQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<ConversationDetail>(`/api/conversations/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: 30_000,
  });
}

export function conversationsExportUrl(filters: ConversationFilters, format: 'csv' | 'json') {
  const query = conversationQuery(filters, { withPage: false });
  query.set('format', format);
  return `/api/conversations/export?${query}`;
}

export function useDeleteVisitorData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, visitorId }: { botId: string; visitorId: string }) =>
      api.delete<VisitorDeleteResult>(
        `/api/bots/${encodeURIComponent(botId)}/visitors/${encodeURIComponent(visitorId)}`,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/conversations/${encodeURIComponent(id)}`),
    // Only the lists: the open transcript is gone, and refetching it would replace the page
    // with "not found" before the caller moves back to the list.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
    },
  });
}
