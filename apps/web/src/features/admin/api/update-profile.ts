import type { Profile, UpdateProfileRequest } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';

export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.patch<Profile>('/api/me', body),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
