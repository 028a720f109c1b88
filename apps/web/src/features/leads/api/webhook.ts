import type { WebhookDelivery, WebhookSecret, WebhookSettings } from '@askwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

type WebhookState = WebhookSettings & { deliveries: WebhookDelivery[] };

const webhookKey = (botId: string) => ['webhooks', botId] as const;
const webhookPath = (botId: string) => `/api/bots/${encodeURIComponent(botId)}/webhook`;

// While a delivery is still on its way the log refreshes itself, so retries are seen happening.
export function useWebhook(botId: string | null) {
  return useQuery({
    queryKey: webhookKey(botId ?? ''),
    queryFn: ({ signal }) => api.get<WebhookState>(webhookPath(botId!), { signal }),
    enabled: Boolean(botId),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some(
        (delivery) => delivery.status === 'pending' || delivery.status === 'retrying',
      )
        ? 2000
        : false,
  });
}

export function useSaveWebhookUrl(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.put<WebhookSettings>(webhookPath(botId), { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKey(botId) }),
  });
}

export function useRevealSecret(botId: string) {
  return useMutation({
    mutationFn: () => api.get<WebhookSecret>(`${webhookPath(botId)}/secret`),
  });
}

export function useRotateSecret(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookSecret>(`${webhookPath(botId)}/secret`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKey(botId) }),
  });
}

export function useSendTestEvent(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookDelivery>(`${webhookPath(botId)}/test`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKey(botId) }),
  });
}
