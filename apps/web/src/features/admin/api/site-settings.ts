import type {
  AdminRole,
  GeneralSettings,
  RolePermissionsInput,
  SecuritySettings,
  TwoFactorStatus,
} from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';

import { setSiteName } from '@/hooks/use-document-title';
import { api } from '@/lib/api-client';

const generalKey = ['admin', 'settings', 'general'] as const;
const securityKey = ['admin', 'settings', 'security'] as const;
export const twoFactorStatusKey = ['me', 'two-factor'] as const;

export function useGeneralSettings() {
  return useQuery({
    queryKey: generalKey,
    queryFn: () => api.get<GeneralSettings>('/api/admin/settings/general'),
  });
}

export function useSecuritySettings() {
  return useQuery({
    queryKey: securityKey,
    queryFn: () => api.get<SecuritySettings>('/api/admin/settings/security'),
  });
}

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneralSettings) =>
      api.put<GeneralSettings>('/api/admin/settings/general', body),
    // Told here rather than by the caller: storing the saved values re-keys the form, and a
    // callback given to mutate() does not run once its component has gone.
    onSuccess: async (saved) => {
      toast.success('Settings saved');
      queryClient.setQueryData(generalKey, saved);
      setSiteName(saved.site_name);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'logs'] });
    },
  });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      api.put<SecuritySettings>('/api/admin/settings/security', body),
    // Told here rather than by the caller: storing the saved values re-keys the form, and a
    // callback given to mutate() does not run once its component has gone.
    onSuccess: async (saved) => {
      toast.success('Settings saved');
      queryClient.setQueryData(securityKey, saved);
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    },
  });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: () => api.get<TwoFactorStatus>('/api/me/two-factor'),
  });
}

export type TotpEnrolment = { totpURI: string; backupCodes: string[] };

export const twoFactorApi = {
  // Starts a set-up: the otpauth:// URI to put in an authenticator app, and the one-time backup
  // codes, which are never shown again. Needs the password.
  enable: (password: string) =>
    api.post<TotpEnrolment>('/api/auth/two-factor/enable', { password }),
  // Confirms a set-up (signed in) or finishes a sign-in (after the password step).
  verify: (code: string) => api.post<unknown>('/api/auth/two-factor/verify-totp', { code }),
  // Finishes a sign-in with a backup code instead of the app's code; each works once.
  verifyBackupCode: (code: string) =>
    api.post<unknown>('/api/auth/two-factor/verify-backup-code', { code }),
  disable: (password: string) => api.post<unknown>('/api/auth/two-factor/disable', { password }),
};

export function useUpdateRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, permissions }: { roleId: string } & RolePermissionsInput) =>
      api.put<AdminRole>(`/api/admin/roles/${roleId}/permissions`, { permissions }),
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminRole[]>(['admin', 'roles'], (roles) =>
        roles?.map((role) => (role.id === saved.id ? saved : role)),
      );
    },
  });
}
