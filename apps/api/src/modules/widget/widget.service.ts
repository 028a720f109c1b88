import { presenceChangedEventName, presenceExpirySeconds } from '@askwell/shared';
import type { Database } from '../../db/client';
import { consumeThrottle } from '../../lib/throttle';
import type { Realtime } from '../../plugins/realtime';
import type { BotsService } from '../bots/bots.service';
import {
  countPresentVisitors,
  deleteRefusedOrigin,
  deleteStalePresence,
  listAccountRefusedOrigins,
  listRefusedOrigins,
  recordPresence,
  recordRefusedOrigin,
  removePresence,
} from './widget.repository';

// What the widget keeps of its own (refused origins, visitor throttles); the bot's refusal summary
// is written through the bots service.
export class WidgetService {
  constructor(
    private readonly db: Database,
    private readonly bots: BotsService,
    private readonly realtime: Realtime,
  ) {}

  // A beat from a visitor's page (every presenceHeartbeatSeconds while it is open).
  async visitorSeen(botId: string, userId: string, visitorId: string) {
    if (await recordPresence(this.db, { botId, userId, visitorId }, presenceExpirySeconds)) {
      await deleteStalePresence(this.db, userId);
      this.realtime.toUser(userId, presenceChangedEventName, { botId });
    }
  }

  // The page closed; without this the visitor would still count until their beat expires.
  async visitorLeft(botId: string, userId: string, visitorId: string) {
    if (await removePresence(this.db, botId, visitorId, presenceExpirySeconds)) {
      this.realtime.toUser(userId, presenceChangedEventName, { botId });
    }
  }

  countPresentVisitors(userId: string) {
    return countPresentVisitors(this.db, userId, presenceExpirySeconds);
  }

  listAccountRefusedOrigins(userId: string, limit: number) {
    return listAccountRefusedOrigins(this.db, userId, limit);
  }

  throttle(key: string, max: number, windowSeconds: number) {
    return consumeThrottle(this.db, key, max, windowSeconds);
  }

  async recordRefusedOrigin(botId: string, origin: string, newPerHour: number) {
    if (await recordRefusedOrigin(this.db, botId, origin, newPerHour)) {
      await this.bots.noteRefusedOrigin(botId, origin);
    }
  }

  listRefusedOrigins(botId: string) {
    return listRefusedOrigins(this.db, botId);
  }

  // Dismissing clears the bot's summary too when it named this origin.
  async dismissRefusedOrigin(botId: string, origin: string) {
    await this.db.transaction(async (tx) => {
      await deleteRefusedOrigin(tx, botId, origin);
      await this.bots.clearRefusedOrigin(botId, origin, tx);
    });
  }
}
