import {
  leadCreatedEventName,
  leadInputSchema,
  type Lead,
  type LeadCreatedEvent,
  type LeadInput,
  type LeadStatus,
} from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Realtime } from '../../plugins/realtime';
import type { BotRow } from '../bots/bots.repository';
import { conversationOfBot, upsertLead, type LeadRow } from './leads.repository';
import type { WebhookOutbox } from './webhook-outbox';

export type LeadsServiceOptions = {
  db: Database;
  webhooks: WebhookOutbox;
  realtime: Realtime;
  logger: Logger;
};

export type CaptureContext = { conversationId?: string | null };

export function toLead(row: LeadRow, botName: string): Lead {
  return {
    id: row.id,
    botId: row.botId,
    botName,
    conversationId: row.conversationId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    consent: row.consent,
    status: row.status as LeadStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Invalid input is reported per field with the form's own messages, like any other 400.
export function parseLeadInput(input: unknown) {
  const result = leadInputSchema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  throw new AppError(
    'validation_error',
    Object.values(fields)[0] ?? 'Please check the form.',
    fields,
  );
}

export class LeadsService {
  constructor(private readonly options: LeadsServiceOptions) {}

  // Stores what a visitor left in the widget. The same e-mail for the same bot updates the existing
  // lead (name, phone) and keeps the status the owner gave it; only a new lead notifies the webhook.
  async capture(
    bot: BotRow,
    input: LeadInput,
    context: CaptureContext = {},
  ): Promise<{ lead: Lead; created: boolean }> {
    const parsed = parseLeadInput(input);
    const conversationId = context.conversationId
      ? await conversationOfBot(this.options.db, bot.id, context.conversationId)
      : null;
    const { lead, created } = await upsertLead(this.options.db, {
      botId: bot.id,
      userId: bot.userId,
      conversationId,
      name: parsed.name,
      email: parsed.email.toLowerCase(),
      phone: parsed.phone,
      consent: parsed.consent,
    });
    if (created) {
      const event: LeadCreatedEvent = { leadId: lead.id, botId: bot.id };
      this.options.realtime.toUser(bot.userId, leadCreatedEventName, event);
      // The lead is stored either way; a webhook that cannot be queued must not lose it.
      await this.options.webhooks.leadCreated(bot, lead).catch((error: unknown) => {
        this.options.logger.error({ err: error, leadId: lead.id }, 'queueing lead webhook failed');
      });
    }
    return { lead: toLead(lead, bot.name), created };
  }
}
