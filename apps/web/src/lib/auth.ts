import type { AuthConfig, Profile } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from './api-client';
import { endViewAs } from './view-as';

export const profileQueryKey = ['me'] as const;

// Spec §9: the session is re-checked every 30 s, so a session ended elsewhere (sign-out
// everywhere, password reset) leaves this tab promptly.
const sessionCheckIntervalMs = 30_000;

// Set when the user signs out themselves, until a profile arrives again. The route guard reads it:
// the session can end before the sign-out's own navigation has rendered, and a guard that saw a
// lost session would then send the user to /login?redirect=<the page they just left>.
let signedOutByUser = false;

export function sessionEndedBySignOut() {
  return signedOutByUser;
}

async function fetchProfile(): Promise<Profile | null> {
  try {
    const profile = await api.get<Profile>('/api/me');
    signedOutByUser = false;
    return profile;
  } catch (error) {
    // A staff session that must still set up two-factor counts as signed out: signing in again
    // leads through the set-up.
    if (
      error instanceof ApiError &&
      (error.status === 401 || error.code === 'two_factor_setup_required')
    ) {
      return null;
    }
    throw error;
  }
}

// The signed-in user's profile; null when signed out.
export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    staleTime: sessionCheckIntervalMs,
    refetchInterval: sessionCheckIntervalMs,
  });
}

export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth-config'],
    queryFn: () => api.get<AuthConfig>('/api/auth-config'),
    staleTime: Infinity,
  });
}

export const authApi = {
  signUp: (body: { name: string; email: string; password: string }) =>
    api.post<unknown>('/api/auth/sign-up/email', body),
  signIn: (body: { email: string; password: string }) =>
    api.post<unknown>('/api/auth/sign-in/email', body),
  sendVerificationCode: (email: string) =>
    api.post<unknown>('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'email-verification',
    }),
  verifyEmail: (email: string, otp: string) =>
    api.post<unknown>('/api/auth/email-otp/verify-email', { email, otp }),
  requestPasswordReset: (email: string) =>
    api.post<unknown>('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<unknown>('/api/auth/reset-password', { token, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<unknown>('/api/auth/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  signOut: () => api.post<unknown>('/api/auth/sign-out', {}),
};

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // Signing out from a customer's view signs the staff member out, which the view must not block.
    mutationFn: () => {
      endViewAs();
      return authApi.signOut();
    },
    onSettled: () => {
      signedOutByUser = true;
      queryClient.setQueryData(profileQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    },
  });
}

// Only same-site paths are followed after sign-in, never a full URL from the query string.
export function safeRedirect(target: string | null, fallback: string) {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}
