import {
  webhookEvents,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookSecret,
  type WebhookSettings,
} from '@askwell/shared';
import { z } from 'zod';

const deliveryStatuses = [
  'pending',
  'retrying',
  'delivered',
  'failed',
] as const satisfies readonly WebhookDeliveryStatus[];

export const webhookDeliverySchema = z.object({
  id: z.string(),
  botId: z.string(),
  leadId: z.string().nullable(),
  event: z.enum(webhookEvents),
  url: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<WebhookDelivery>;

export const webhookSettingsSchema = z.object({
  botId: z.string(),
  botName: z.string(),
  url: z.string().nullable(),
  hasSecret: z.boolean(),
}) satisfies z.ZodType<WebhookSettings>;

export const webhookSettingsWithDeliveriesSchema = webhookSettingsSchema.extend({
  deliveries: z.array(webhookDeliverySchema),
}) satisfies z.ZodType<WebhookSettings & { deliveries: WebhookDelivery[] }>;

export const webhookSecretSchema = z.object({
  secret: z.string(),
}) satisfies z.ZodType<WebhookSecret>;
