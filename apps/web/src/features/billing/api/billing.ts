import type {
  BillingInvoice,
  BillingState,
  CheckoutResult,
  PaymentProvider,
  RevenueMetrics,
} from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';

export const billingKey = ['billing'] as const;
const invoicesKey = ['billing', 'invoices'] as const;

// Back from Checkout the plan changes only once the provider's webhook arrived, usually within
// seconds: until then the state is asked for again, for a minute at most.
export function useBilling({ awaitingPayment = false }: { awaitingPayment?: boolean } = {}) {
  return useQuery({
    queryKey: billingKey,
    queryFn: () => api.get<BillingState>('/api/billing'),
    refetchInterval: (query) => {
      if (!awaitingPayment) return false;
      const status = query.state.data?.subscription?.status;
      const settled = status === 'active' || status === 'trialing';
      return settled || query.state.dataUpdateCount > 30 ? false : 2_000;
    },
  });
}

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: invoicesKey,
    queryFn: () => api.get<{ invoices: BillingInvoice[] }>('/api/billing/invoices'),
    enabled,
  });
}

export function useCheckout() {
  return useMutation<CheckoutResult, ApiError, PaymentProvider>({
    mutationFn: (provider) => api.post<CheckoutResult>('/api/billing/checkout', { provider }),
  });
}

export function usePortal() {
  return useMutation<{ url: string }, ApiError, void>({
    mutationFn: () => api.post<{ url: string }>('/api/billing/portal'),
  });
}

export function useCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation<BillingState, ApiError, boolean>({
    mutationFn: (cancel) =>
      api.post<BillingState>(cancel ? '/api/billing/cancel' : '/api/billing/resume'),
    onSuccess: (state) => queryClient.setQueryData(billingKey, state),
  });
}

export function useRevenue() {
  return useQuery({
    queryKey: ['admin', 'overview', 'revenue'],
    queryFn: () => api.get<RevenueMetrics>('/api/admin/overview/revenue'),
  });
}
