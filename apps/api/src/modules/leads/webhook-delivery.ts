import type { WebhookDelivery } from '@askwell/shared';
import type { DeliveryRow } from './webhooks.repository';

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    botId: row.botId,
    leadId: row.leadId,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
