import type {
  AdminApiUsage,
  AdminGrowth,
  AdminSystemFigures,
  TrainingJobPage,
  TrainingJobStatus,
} from '@askwell/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import toast from 'react-hot-toast';

import { api, type ApiError } from '@/lib/api-client';

// The figures move on their own (load, requests), so they are read again every 15 seconds.
const liveRefreshMs = 15_000;
const jobsKey = ['admin', 'jobs'] as const;

export function useSystemFigures() {
  return useQuery({
    queryKey: ['admin', 'overview', 'system'],
    queryFn: ({ signal }) => api.get<AdminSystemFigures>('/api/admin/overview/system', { signal }),
    refetchInterval: liveRefreshMs,
  });
}

export function useApiUsage() {
  return useQuery({
    queryKey: ['admin', 'overview', 'api-usage'],
    queryFn: ({ signal }) => api.get<AdminApiUsage>('/api/admin/overview/api-usage', { signal }),
    refetchInterval: 60_000,
  });
}

export type JobFilter = Exclude<TrainingJobStatus, 'unknown'> | 'all';

export function useTrainingJobs(filter: JobFilter, limit?: number) {
  return useInfiniteQuery({
    queryKey: [...jobsKey, { filter, limit }],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (filter !== 'all') query.set('status', filter);
      if (limit) query.set('limit', String(limit));
      if (pageParam) query.set('before', pageParam);
      return api.get<TrainingJobPage>(`/api/admin/jobs?${query.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    // Progress moves while jobs run.
    refetchInterval: liveRefreshMs,
  });
}

export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation<
    { status: string },
    ApiError,
    { id: string; name: string; action: 'retry' | 'cancel' }
  >({
    mutationFn: ({ id, action }) =>
      api.post<{ status: string }>(`/api/admin/jobs/${encodeURIComponent(id)}/${action}`),
    // Told here rather than by the caller: the refreshed list moves the job to another section,
    // and a callback given to mutate() does not run once its component has gone.
    onSuccess: (_result, { name, action }) => {
      toast.success(action === 'retry' ? `“${name}” is queued again` : `“${name}” was cancelled`);
    },
    onError: (failure) => {
      toast.error(failure.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}

export function useGrowth() {
  return useQuery({
    queryKey: ['admin', 'analytics', 'growth'],
    queryFn: ({ signal }) => api.get<AdminGrowth>('/api/admin/analytics/growth', { signal }),
  });
}
