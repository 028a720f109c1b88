import type { BotInput } from '@askwell/shared';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  recentBotChanges,
  searchBots,
  clearRefusedOrigin,
  countBots,
  deleteDemoBots,
  deleteOwnedBot,
  findBotById,
  findOwnedBot,
  insertBot,
  insertDemoBot,
  listBotsWithKnowledge,
  noteRefusedOrigin,
  setBotWebhook,
  setStaffDisabled,
  updateOwnedBot,
  type BotRow,
  type NewDemoBot,
} from './bots.repository';

// Ids are checked by the repository, so a malformed one is "not found" like any other unknown id.
export const botParamsSchema = z.object({ botId: z.string().max(64) });

export function botNotFound() {
  return new AppError('not_found', 'Chatbot not found.');
}

// Whether the widget and the public chat API may serve this bot to visitors. A demo bot's
// conversations are made up, so nothing outside the dashboard ever reaches it: it is refused
// exactly like a disabled bot. So is a bot staff disabled, whatever its owner's switch says,
// and every bot of a suspended customer until the suspension is lifted.
export function servesVisitors(
  bot: Pick<BotRow, 'enabled' | 'isDemo' | 'staffDisabledAt'> & { ownerSuspendedAt: Date | null },
) {
  return (
    bot.enabled && !bot.isDemo && bot.staffDisabledAt === null && bot.ownerSuspendedAt === null
  );
}

// The only writer of `chatbots`: every other module reads and changes bots through this service.
export class BotsService {
  constructor(private readonly db: Database) {}

  listWithKnowledge(userId: string) {
    return listBotsWithKnowledge(this.db, userId);
  }

  findOwned(userId: string, botId: string) {
    return findOwnedBot(this.db, userId, botId);
  }

  // Another customer's bot is refused exactly like a missing one.
  async requireOwned(userId: string, botId: string) {
    const bot = await findOwnedBot(this.db, userId, botId);
    if (!bot) throw botNotFound();
    return bot;
  }

  search(userId: string, text: string, limit: number) {
    return searchBots(this.db, userId, text, limit);
  }

  recentChanges(userId: string, limit: number) {
    return recentBotChanges(this.db, userId, limit);
  }

  // Whoever owns it: for callers that are not the owner (the widget, an API key's chat).
  findById(botId: string) {
    return findBotById(this.db, botId);
  }

  // A plan's chatbot limit, once plans limit bots, must count countBots().total - demo: the demo
  // bot is not the customer's and must never use up their plan.
  create(userId: string, input: BotInput) {
    return insertBot(this.db, userId, input);
  }

  count(userId: string, tx: Executor = this.db) {
    return countBots(tx, userId);
  }

  async hasDemo(userId: string) {
    return (await countBots(this.db, userId)).demo > 0;
  }

  createDemo(userId: string, values: NewDemoBot, tx: Executor = this.db) {
    return insertDemoBot(tx, userId, values);
  }

  deleteDemo(userId: string, tx: Executor = this.db) {
    return deleteDemoBots(tx, userId);
  }

  update(userId: string, botId: string, input: BotInput) {
    return updateOwnedBot(this.db, userId, botId, input);
  }

  delete(userId: string, botId: string) {
    return deleteOwnedBot(this.db, userId, botId);
  }

  setWebhook(
    userId: string,
    botId: string,
    patch: { webhookUrl?: string | null; webhookSecretEncrypted?: string | null },
  ) {
    return setBotWebhook(this.db, userId, botId, patch);
  }

  // Staff's switch, apart from the owner's `enabled`: null lifts it. Takes the caller's transaction
  // so the audit entry is written with it; undefined when nothing changed (already in that state,
  // or no such customer bot).
  setStaffDisabled(botId: string, disabled: { reason: string } | null, tx: Executor = this.db) {
    return setStaffDisabled(tx, botId, disabled);
  }

  noteRefusedOrigin(botId: string, origin: string) {
    return noteRefusedOrigin(this.db, botId, origin);
  }

  clearRefusedOrigin(botId: string, origin: string, tx: Pick<Database, 'update'> = this.db) {
    return clearRefusedOrigin(tx, botId, origin);
  }
}
