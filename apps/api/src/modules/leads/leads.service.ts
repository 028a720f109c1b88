import {
  leadCaptureEnabled,
  leadCreatedEventName,
  leadInputSchema,
  type Lead,
  type LeadCreatedEvent,
  type LeadInput,
  type LeadStatus,
  type WidgetLeadPrompt,
} from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Realtime } from '../../plugins/realtime';
import type { BotRow } from '../bots/bots.repository';
import { contactRequestAnswerer, isContactRequest } from '../chat/contact-request';
import type { ConversationsService } from '../conversations/conversations.service';
import {
  countLeads,
  recentLeads,
  conversationHasLead,
  conversationOfBot,
  deleteOwnedLead,
  findOwnedLead,
  importLeads,
  listLeads,
  updateLeadStatus,
  upsertLead,
  type ImportedLead,
  type LeadFilters,
  type LeadRow,
} from './leads.repository';
import type { WebhookOutbox } from './webhook-outbox';

export type LeadsServiceOptions = {
  db: Database;
  webhooks: WebhookOutbox;
  realtime: Realtime;
  logger: Logger;
  conversations: ConversationsService;
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
    status: row.status,
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

  // Sample leads of the demo, in the caller's transaction. Unlike capture() this tells nobody:
  // no realtime event and, above all, no webhook, so made-up contacts never leave Askwell.
  importSamples(rows: ImportedLead[], tx: Executor = this.options.db) {
    return importLeads(tx, rows);
  }

  // The owner's leads, newest first, with the name of each lead's bot.
  count(userId: string) {
    return countLeads(this.options.db, userId);
  }

  recent(userId: string, limit: number) {
    return recentLeads(this.options.db, userId, limit);
  }

  list(userId: string, filters: LeadFilters, page: { limit: number; offset: number }) {
    return listLeads(this.options.db, userId, filters, page);
  }

  findOwned(userId: string, leadId: string) {
    return findOwnedLead(this.options.db, userId, leadId);
  }

  updateStatus(userId: string, leadId: string, status: LeadStatus) {
    return updateLeadStatus(this.options.db, userId, leadId, status);
  }

  delete(userId: string, leadId: string) {
    return deleteOwnedLead(this.options.db, userId, leadId);
  }

  hasLead(conversationId: string) {
    return conversationHasLead(this.options.db, conversationId);
  }

  // A conversation that already left contact details is not offered the form again.
  async formAvailable(conversationId: string | null) {
    return !(conversationId && (await this.hasLead(conversationId)));
  }

  // After a widget answer: whether to offer the lead form, and why. A visitor who asks to be
  // contacted is asked first; then one the knowledge could not answer; then, if the owner set a
  // number, one who has sent that many messages.
  async promptAfterAnswer(
    bot: BotRow,
    message: string,
    answer: { conversationId: string; answeredFromKnowledge: boolean; answerer: string },
  ): Promise<WidgetLeadPrompt | null> {
    if (!leadCaptureEnabled(bot)) return null;
    if (await this.hasLead(answer.conversationId)) return null;
    if (answer.answerer === contactRequestAnswerer || isContactRequest(message)) {
      return 'contact_request';
    }
    if (!answer.answeredFromKnowledge) return 'unanswered';
    if (bot.leadAfterMessages) {
      const sent = await this.options.conversations.countVisitorMessages(answer.conversationId);
      if (sent >= bot.leadAfterMessages) return 'message_count';
    }
    return null;
  }
}
