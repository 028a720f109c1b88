import {
  ticketEventName,
  type AdminTicketDetail,
  type AdminTicketPage,
  type AdminTicketsQuery,
  type AdminTicketSummary,
  type TicketAssignees,
  type TicketCreateInput,
  type TicketDetail,
  type TicketEvent,
  type TicketList,
} from '@askwell/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';
import { useRealtimeEvent } from '@/lib/realtime';

export const ticketKeys = {
  own: ['tickets', 'own'] as const,
  ownDetail: (number: number) => ['tickets', 'own', number] as const,
  admin: ['admin', 'tickets'] as const,
  adminList: (query: AdminTicketsQuery) => ['admin', 'tickets', 'list', query] as const,
  adminDetail: (number: number) => ['admin', 'tickets', 'detail', number] as const,
  assignees: ['admin', 'tickets', 'assignees'] as const,
  summary: ['admin', 'tickets', 'summary'] as const,
};

// A ticket changed (a reply, a status, an assignee, a new ticket): the lists and that ticket are
// read again. The event names only the number, so each side reads what it may see.
export function useTicketEvents(side: 'customer' | 'staff') {
  const queryClient = useQueryClient();
  useRealtimeEvent<TicketEvent>(ticketEventName, () => {
    void queryClient.invalidateQueries({
      queryKey: side === 'customer' ? ticketKeys.own : ticketKeys.admin,
    });
  });
}

// --- customer ----------------------------------------------------------------------------------

export function useOwnTickets() {
  return useQuery({
    queryKey: ticketKeys.own,
    queryFn: ({ signal }) => api.get<TicketList>('/api/tickets', { signal }),
  });
}

export function useOwnTicket(number: number) {
  return useQuery({
    queryKey: ticketKeys.ownDetail(number),
    queryFn: ({ signal }) => api.get<TicketDetail>(`/api/tickets/${number}`, { signal }),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation<TicketDetail, ApiError, TicketCreateInput>({
    mutationFn: (input) => api.post<TicketDetail>('/api/tickets', input),
    onSuccess: (detail) => {
      queryClient.setQueryData(ticketKeys.ownDetail(detail.number), detail);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.own });
    },
  });
}

export function useOwnTicketAction(number: number) {
  const queryClient = useQueryClient();
  return useMutation<TicketDetail, ApiError, { reply: string } | 'close'>({
    mutationFn: (action) =>
      action === 'close'
        ? api.post<TicketDetail>(`/api/tickets/${number}/close`)
        : api.post<TicketDetail>(`/api/tickets/${number}/messages`, { message: action.reply }),
    onSuccess: (detail) => {
      queryClient.setQueryData(ticketKeys.ownDetail(number), detail);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.own, exact: true });
    },
  });
}

// --- staff -------------------------------------------------------------------------------------

export function useAdminTickets(query: AdminTicketsQuery) {
  return useQuery({
    queryKey: ticketKeys.adminList(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== '') params.set(key, String(value));
      }
      return api.get<AdminTicketPage>(`/api/admin/tickets?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminTicket(number: number) {
  return useQuery({
    queryKey: ticketKeys.adminDetail(number),
    queryFn: ({ signal }) => api.get<AdminTicketDetail>(`/api/admin/tickets/${number}`, { signal }),
  });
}

// Under the staff tickets key, so a live ticket event refreshes the dashboard's figure too.
export function useOpenTicketCount() {
  return useQuery({
    queryKey: ticketKeys.summary,
    queryFn: ({ signal }) => api.get<AdminTicketSummary>('/api/admin/tickets/summary', { signal }),
    select: (summary) => summary.open,
  });
}

export function useTicketAssignees() {
  return useQuery({
    queryKey: ticketKeys.assignees,
    queryFn: ({ signal }) => api.get<TicketAssignees>('/api/admin/tickets/assignees', { signal }),
    staleTime: 60_000,
  });
}

export type StaffTicketAction = { reply: string } | { assign: string | null } | 'close' | 'reopen';

export function useStaffTicketAction(number: number) {
  const queryClient = useQueryClient();
  return useMutation<AdminTicketDetail, ApiError, StaffTicketAction>({
    mutationFn: (action) => {
      const path = `/api/admin/tickets/${number}`;
      if (action === 'close' || action === 'reopen') {
        return api.post<AdminTicketDetail>(`${path}/${action}`);
      }
      if ('reply' in action) {
        return api.post<AdminTicketDetail>(`${path}/messages`, { message: action.reply });
      }
      return api.put<AdminTicketDetail>(`${path}/assignee`, { assignee_id: action.assign });
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(ticketKeys.adminDetail(number), detail);
      void queryClient.invalidateQueries({ queryKey: [...ticketKeys.admin, 'list'] });
    },
  });
}
