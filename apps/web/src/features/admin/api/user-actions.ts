import type {
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  BillingState,
  Role,
  SubscriptionTier,
} from '@askwell/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';

import { adminUsersKey } from './get-users';

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

type Removed = {
  removed: { bots: number; documents: number; conversations: number; leads: number };
};

// Every change to an account reloads the list: a row may move in or out of the current filter.
function useUserMutation<TInput, TResult = AdminUser>(
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation<TResult, ApiError, TInput>({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

export const useCreateUser = () =>
  useUserMutation((input: AdminUserCreate) => api.post<AdminUser>('/api/admin/users', input));

export const useUpdateUser = () =>
  useUserMutation(({ id, ...input }: AdminUserUpdate & { id: string }) =>
    api.patch<AdminUser>(userPath(id), input),
  );

export const useSuspendUser = () =>
  useUserMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<AdminUser>(`${userPath(id)}/suspend`, { reason }),
  );

export const useUnsuspendUser = () =>
  useUserMutation((id: string) => api.post<AdminUser>(`${userPath(id)}/unsuspend`));

export const useChangeRole = () =>
  useUserMutation(({ id, role }: { id: string; role: Role }) =>
    api.patch<AdminUser>(`${userPath(id)}/role`, { role }),
  );

export const useChangeTier = () =>
  useUserMutation(({ id, tier }: { id: string; tier: SubscriptionTier }) =>
    api.patch<AdminUser>(`${userPath(id)}/tier`, { tier }),
  );

// A Premium period that ends by itself, unlike 'Change tier'; the server writes the audit row.
export const useGrantPremium = () =>
  useUserMutation(({ id, months }: { id: string; months: number }) =>
    api.post<BillingState>(`${userPath(id)}/premium`, { months }),
  );

export const useDeleteUser = () =>
  useUserMutation(({ id, confirmEmail }: { id: string; confirmEmail: string }) =>
    api.delete<Removed>(userPath(id), { body: { confirm_email: confirmEmail } }),
  );
