import pino from 'pino';
import pg from 'pg';
import { percentile } from '../apps/api/src/cli/evaluation/ir-metrics';
import { connectDatabase } from '../apps/api/src/db/client';
import { findBotById } from '../apps/api/src/modules/bots/bots.repository';
import { PlansService } from '../apps/api/src/modules/plans/plans.service';

const warmUp = 200;
const samples = 2_000;

// What the plan adds to one chat message, timed in-process on the chat server's own database:
// the bot lookup the path makes anyway, then the plan check and the exact monthly counter. A
// whole /v1/chat request takes ~100 ms under load, so the chat benchmark's latency cannot resolve
// a 1 ms difference; this measures the difference itself. `before` is the earlier path (a second
// query for the owner's plan), `after` the current one (the plan read with the bot).
export async function measurePlanCheck(databaseUrl: string, botId: string) {
  // The bench's account is staff (never limited); as a Premium customer every message is counted.
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(
    `update users set role = 'user', subscription_tier = 'premium'
      where id = (select user_id from chatbots where id = $1)`,
    [botId],
  );
  await admin.end();

  const logger = pino({ level: 'silent' });
  const database = connectDatabase(databaseUrl, logger);
  // Below 50 % of Premium's monthly allowance no usage alert is raised, so these are never called.
  const unreachable = new Proxy(
    {},
    {
      get: () => {
        throw new Error('a usage alert was raised during the plan check benchmark');
      },
    },
  ) as never;
  const plans = new PlansService({
    db: database.db,
    notifications: unreachable,
    mailer: unreachable,
    logger,
  });
  try {
    const time = async (step: () => Promise<unknown>) => {
      const durations: number[] = [];
      for (let index = 0; index < warmUp + samples; index += 1) {
        const started = performance.now();
        await step();
        if (index >= warmUp) durations.push(performance.now() - started);
      }
      return percentiles(durations);
    };
    const botLookup = await time(() => findBotById(database.db, botId));
    const before = await time(async () => {
      const bot = (await findBotById(database.db, botId))!;
      const { plan } = await plans.planOf(bot.userId);
      await plans.consumeMessage(bot.userId, plan);
    });
    const after = await time(async () => {
      const bot = (await findBotById(database.db, botId))!;
      const plan = await plans.requireBotAnswering(bot);
      await plans.consumeMessage(bot.userId, plan);
    });
    return {
      samples,
      bot_lookup: botLookup,
      before: { ...before, added_p50: round(before.p50 - botLookup.p50) },
      after: { ...after, added_p50: round(after.p50 - botLookup.p50) },
      target_added_p50_at_most_1ms: after.p50 - botLookup.p50 <= 1,
    };
  } finally {
    await database.close();
  }
}

function percentiles(durations: number[]) {
  return { p50: round(percentile(durations, 50)), p95: round(percentile(durations, 95)) };
}

function round(ms: number) {
  return Number(ms.toFixed(3));
}
