import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { AccountsService } from '../auth/accounts.service';
import type { BotsService } from '../bots/bots.service';
import type { ConversationsService } from '../conversations/conversations.service';
import type { LeadsService } from '../leads/leads.service';
import { buildDemoHistory, demoBot, demoDays } from './demo-content';

export type DemoDataServiceOptions = {
  db: Database;
  // DEMO_DATA: false starts new accounts empty.
  enabled: boolean;
  logger: Logger;
  accounts: AccountsService;
  bots: BotsService;
  conversations: ConversationsService;
  leads: LeadsService;
  analytics: AnalyticsService;
};

// The demo a new account starts with, and 'Clear Demo Data'. It owns no table: each row is written
// by the module that owns it, all in one transaction, so an account has the whole demo or none.
export class DemoDataService {
  constructor(private readonly options: DemoDataServiceOptions) {}

  // Called whenever a customer account is (or becomes) verified. Only the first call seeds: the
  // account's mark is claimed in the same transaction, so a later verification, a concurrent
  // request or a cleared demo never brings it back. Never throws: a demo that could not be
  // written must not stand in the way of a sign-up.
  async seedNewAccount(userId: string): Promise<boolean> {
    const { db, enabled, logger, accounts, bots, conversations, leads, analytics } = this.options;
    if (!enabled) return false;
    try {
      return await db.transaction(async (tx) => {
        if (!(await accounts.claimDemoSeeding(userId, tx))) return false;
        // An account that already has chatbots of its own has no empty pages to fill.
        if ((await bots.count(userId, tx)).total > 0) return false;
        const now = new Date();
        const createdAt = new Date(now.getTime() - (demoDays + 1) * 24 * 3_600_000);
        const bot = await bots.createDemo(
          userId,
          { ...demoBot, createdAt, updatedAt: createdAt },
          tx,
        );
        const history = buildDemoHistory({ id: bot.id, userId }, now);
        await conversations.importHistory(history, tx);
        await leads.importSamples(history.leads, tx);
        await analytics.importHistory(
          {
            botId: bot.id,
            userId,
            questions: history.questions,
            widgetEvents: history.widgetEvents,
          },
          tx,
        );
        return true;
      });
    } catch (error) {
      logger.error({ err: error, userId }, 'demo data could not be written for a new account');
      return false;
    }
  }

  hasDemoData(userId: string) {
    return this.options.bots.hasDemo(userId);
  }

  // Every demo row goes with its bot (ON DELETE CASCADE) in one statement; clearing twice, or an
  // account that never had a demo, deletes nothing and is not an error.
  async clear(userId: string) {
    return this.options.bots.deleteDemo(userId);
  }
}
