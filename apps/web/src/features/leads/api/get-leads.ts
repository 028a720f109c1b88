import type { Lead, LeadList, LeadStatus } from '@askwell/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { leadQuery, type LeadFilters } from '../lib/filters';

export const leadKeys = {
  all: ['leads'] as const,
  list: (filters: LeadFilters) => ['leads', 'list', filters] as const,
};

export function useLeads(filters: LeadFilters) {
  return useQuery({
    queryKey: leadKeys.list(filters),
    queryFn: ({ signal }) => api.get<LeadList>(`/api/leads?${leadQuery(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function leadsExportUrl(filters: LeadFilters) {
  const query = leadQuery(filters, { withPage: false }).toString();
  return `/api/leads/export.csv${query ? `?${query}` : ''}`;
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) =>
      api.patch<Lead>(`/api/leads/${encodeURIComponent(id)}`, { status }),
    onSuccess: (lead) => {
      for (const [key, list] of queryClient.getQueriesData<LeadList>({
        queryKey: [...leadKeys.all, 'list'],
      })) {
        if (!list) continue;
        queryClient.setQueryData<LeadList>(key, {
          ...list,
          leads: list.leads.map((item) => (item.id === lead.id ? lead : item)),
        });
      }
      void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/leads/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
