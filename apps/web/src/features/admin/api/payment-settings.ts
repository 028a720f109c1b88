import type { PaymentSettingsUpdate, PaymentSettingsView } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';

const paymentSettingsKey = ['admin', 'settings', 'payment'] as const;

export function usePaymentSettings() {
  return useQuery({
    queryKey: paymentSettingsKey,
    queryFn: () => api.get<PaymentSettingsView>('/api/admin/settings/payment'),
  });
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation<PaymentSettingsView, ApiError, PaymentSettingsUpdate>({
    mutationFn: (input) => api.put<PaymentSettingsView>('/api/admin/settings/payment', input),
    onSuccess: (view) => queryClient.setQueryData(paymentSettingsKey, view),
  });
}
