import { asSentence } from '@askwell/shared';
import type { Database } from '../../db/client';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { BotsService } from '../bots/bots.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  findAdminChatbot,
  listAdminChatbotSources,
  listAdminChatbots,
  type ChatbotCursor,
} from './admin-chatbots.repository';

// The detail lists this many sources, newest first; the total is sent alongside.
const detailSources = 200;

type Owner = { email: string; name: string; firstName: string; lastName: string };

export function ownerName(owner: Owner) {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.name;
}

function noticeKey(botId: string) {
  return `chatbot-disabled:${botId}`;
}

// Staff's view of every customer bot, and the switch that takes one off the air. The owner is told
// through a system notification of their own, which stays until staff enable the bot again.
export class AdminChatbotsService {
  constructor(
    private readonly options: {
      db: Database;
      bots: BotsService;
      audit: AuditService;
      notifications: NotificationsService;
    },
  ) {}

  list(query: { search: string; before: ChatbotCursor | null; limit: number }) {
    return listAdminChatbots(this.options.db, query);
  }

  async find(botId: string) {
    const found = await findAdminChatbot(this.options.db, botId);
    if (!found) return null;
    const sources = await listAdminChatbotSources(this.options.db, botId, detailSources);
    return { ...found, sources };
  }

  // Undefined for an unknown bot. Disabling a disabled bot changes nothing and logs nothing.
  async disable(actor: AuditActor, botId: string, reason: string) {
    const { db, bots, audit, notifications } = this.options;
    const found = await findAdminChatbot(db, botId);
    if (!found) return undefined;
    const changed = await db.transaction(async (tx) => {
      const row = await bots.setStaffDisabled(botId, { reason }, tx);
      if (!row) return false;
      await audit.record(
        actor,
        {
          action: 'chatbot.disable',
          target: { type: 'chatbot', id: botId },
          details: {
            message: `Disabled chatbot “${row.name}” of ${found.owner.email}: ${reason}`,
            bot_id: botId,
            bot_name: row.name,
            owner_email: found.owner.email,
            reason,
          },
        },
        tx,
      );
      return true;
    });
    if (changed) {
      await notifications.raise(found.owner.id, noticeKey(botId), {
        severity: 'error',
        message: `Askwell staff disabled your chatbot “${found.bot.name}”: ${asSentence(reason)} Its widget and API do not answer until it is enabled again; contact support if you think this is a mistake.`,
        link: `/dashboard/bots/${botId}`,
      });
    }
    return this.find(botId);
  }

  async enable(actor: AuditActor, botId: string) {
    const { db, bots, audit, notifications } = this.options;
    const found = await findAdminChatbot(db, botId);
    if (!found) return undefined;
    const changed = await db.transaction(async (tx) => {
      const row = await bots.setStaffDisabled(botId, null, tx);
      if (!row) return false;
      await audit.record(
        actor,
        {
          action: 'chatbot.enable',
          target: { type: 'chatbot', id: botId },
          details: {
            message: `Enabled chatbot “${row.name}” of ${found.owner.email} again`,
            bot_id: botId,
            bot_name: row.name,
            owner_email: found.owner.email,
            // What the bot had been disabled for, so the pair reads as one story.
            reason: found.bot.staffDisabledReason,
          },
        },
        tx,
      );
      return true;
    });
    if (changed) await notifications.resolve(found.owner.id, noticeKey(botId));
    return this.find(botId);
  }
}
