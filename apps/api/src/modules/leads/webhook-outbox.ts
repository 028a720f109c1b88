import type { WebhookEvent, WebhookPayload } from '@askwell/shared';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import type { BotRow } from '../bots/bots.repository';
import type { LeadRow } from './leads.repository';
import { insertDelivery } from './webhooks.repository';
import { toWebhookDelivery } from './webhook-delivery';

export const webhookQueue = 'webhook-delivery';
export type DeliveryJob = { deliveryId: string };

// Records a delivery and queues it, in the same database as the lead, so a lead is never stored
// without its notification. Sending, signing and retrying happen in WebhookService's job.
export class WebhookOutbox {
  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
  ) {}

  async leadCreated(bot: BotRow, lead: LeadRow) {
    // A demo bot's leads are made up: they never leave Askwell.
    if (!bot.webhookUrl || bot.isDemo) return null;
    return this.enqueue(bot, 'lead.created', lead.id, {
      bot: { id: bot.id, name: bot.name },
      lead: {
        id: lead.id,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        status: lead.status,
        conversationId: lead.conversationId,
        createdAt: lead.createdAt.toISOString(),
      },
    });
  }

  async sendTest(bot: BotRow) {
    if (bot.isDemo) {
      throw new AppError('validation_error', 'The demo chatbot never sends webhooks.', {
        url: 'The demo chatbot never sends webhooks.',
      });
    }
    if (!bot.webhookUrl) {
      throw new AppError('validation_error', 'Add a webhook URL before sending a test event.', {
        url: 'Add a webhook URL before sending a test event.',
      });
    }
    return this.enqueue(bot, 'webhook.test', null, {
      bot: { id: bot.id, name: bot.name },
      lead: {
        id: '00000000-0000-0000-0000-000000000000',
        name: 'Test Lead',
        email: 'test.lead@example.com',
        phone: '+1 555 0100',
        status: 'new',
        conversationId: null,
        createdAt: new Date().toISOString(),
      },
    });
  }

  private async enqueue(
    bot: BotRow,
    event: WebhookEvent,
    leadId: string | null,
    body: Pick<WebhookPayload, 'bot' | 'lead'>,
  ) {
    const id = randomUUID();
    const createdAt = new Date();
    const payload: WebhookPayload = { id, event, createdAt: createdAt.toISOString(), ...body };
    const row = await insertDelivery(this.db, {
      id,
      botId: bot.id,
      leadId,
      event,
      url: bot.webhookUrl!,
      payload,
      createdAt,
    });
    await this.queue.send<DeliveryJob>(webhookQueue, { deliveryId: row.id });
    return toWebhookDelivery(row);
  }
}
