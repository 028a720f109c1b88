import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type AuthSession = {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
};

type CurrentSession = { session: { id: string; token: string } } | null;

export const sessionsQueryKey = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => {
      const [sessions, current] = await Promise.all([
        api.get<AuthSession[]>('/api/auth/list-sessions'),
        api.get<CurrentSession>('/api/auth/get-session'),
      ]);
      const currentId = current?.session.id ?? null;
      // This device first, then the most recently active.
      return [...sessions]
        .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
        .sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId))
        .map((session) => ({ ...session, current: session.id === currentId }));
    },
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<unknown>('/api/auth/revoke-session', { token }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/auth/revoke-other-sessions', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
