import type { ConversationDetail, ConversationList, VisitorDeleteResult } from '@askwell/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { conversationQuery, type ConversationFilters } from '../lib/filters';

export const conversationKeys = {
  all: ['conversations'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', filters] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
};

// New conversations are picked up every few seconds while the inbox is open and in view.
export function useConversations(filters: ConversationFilters) {
  return useQuery({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<ConversationList>(`/api/conversations?${conversationQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<ConversationDetail>(`/api/conversations/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: 10_000,
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
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/conversations/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
