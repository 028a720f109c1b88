import type { Profile, UpdateProfileRequest } from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';

export function updateProfile(input: UpdateProfileRequest): Promise<Profile> {
  return api.patch<Profile>('/api/me', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<Profile, ApiError, UpdateProfileRequest>({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
