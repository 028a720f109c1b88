import type { AdminActivity, AuditAction, AuditLogPage } from '@askwell/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

// The filters as the address holds them: days as the staff member picked them (YYYY-MM-DD).
export type AuditLogFilters = {
  admin: string;
  action: AuditAction | '';
  from: string;
  to: string;
};

const logsKey = ['admin', 'logs'] as const;
export const activityKey = ['admin', 'activity'] as const;

// Days are sent as the instants they start and end at here, so the list matches the times it
// shows rather than UTC days.
export function auditLogQuery(filters: AuditLogFilters) {
  const query = new URLSearchParams();
  const admin = filters.admin.trim();
  if (admin) query.set('admin', admin);
  if (filters.action) query.set('action', filters.action);
  if (filters.from) query.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) query.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  return query;
}

export function useAuditLogs(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: [...logsKey, filters],
    queryFn: ({ pageParam, signal }) => {
      const query = auditLogQuery(filters);
      if (pageParam) query.set('before', pageParam);
      return api.get<AuditLogPage>(`/api/admin/logs?${query.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    // Any staff action anywhere adds to the log, so it is read again each time it is opened.
    staleTime: 0,
  });
}

export function auditLogExportUrl(filters: AuditLogFilters) {
  const query = auditLogQuery(filters).toString();
  return `/api/admin/logs/export.csv${query ? `?${query}` : ''}`;
}

export function useAdminActivity() {
  return useQuery({
    queryKey: activityKey,
    queryFn: ({ signal }) => api.get<AdminActivity>('/api/admin/activity', { signal }),
    select: (data) => data.activity,
    staleTime: 0,
  });
}
