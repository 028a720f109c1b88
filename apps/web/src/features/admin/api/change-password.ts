import { useMutation, useQueryClient } from '@tanstack/react-query';

import { authApi } from '@/lib/auth';

import { sessionsQueryKey } from './sessions';

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      authApi.changePassword(body.currentPassword, body.newPassword),
    // Changing the password signs every other session out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
