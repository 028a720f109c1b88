import type { StaffNotice, StaffNoticeInput } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';

const noticesKey = ['admin', 'notifications'] as const;

export function useStaffNotices() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: ({ signal }) =>
      api.get<{ notices: StaffNotice[] }>('/api/admin/notifications', { signal }),
    select: (data) => data.notices,
  });
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation<StaffNotice, ApiError, StaffNoticeInput>({
    mutationFn: (input) => api.post<StaffNotice>('/api/admin/notifications', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useWithdrawNotice() {
  const queryClient = useQueryClient();
  return useMutation<StaffNotice, ApiError, string>({
    mutationFn: (id) =>
      api.delete<StaffNotice>(`/api/admin/notifications/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
