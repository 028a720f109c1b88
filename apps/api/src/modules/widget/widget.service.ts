import type { Database } from '../../db/client';
import { consumeThrottle } from '../../lib/throttle';
import type { BotsService } from '../bots/bots.service';
import { deleteRefusedOrigin, listRefusedOrigins, recordRefusedOrigin } from './widget.repository';

// What the widget keeps of its own (refused origins, visitor throttles); the bot's refusal summary
// is written through the bots service.
export class WidgetService {
  constructor(
    private readonly db: Database,
    private readonly bots: BotsService,
  ) {}

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
