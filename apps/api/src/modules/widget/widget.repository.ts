import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { widgetRefusedOrigins } from '../../db/schema';
import { consumeThrottle } from '../../lib/throttle';

// The owner's list of refused origins is a prompt to click Allow, so a stranger must not be able
// to fill it: at most `refusedOriginCap` origins per bot (the least recently seen one makes room),
// at most `newPerHour` new ones per bot, one row per origin with its count.
export const refusedOriginCap = 20;
const maxOriginLength = 300;

// True when the origin is (still) listed, so the bot's summary may name it.
export async function recordRefusedOrigin(
  db: Database,
  botId: string,
  origin: string,
  newPerHour: number,
): Promise<boolean> {
  if (origin.length > maxOriginLength) return false;
  const counted = await db
    .update(widgetRefusedOrigins)
    .set({ lastSeenAt: new Date(), refusals: sql`${widgetRefusedOrigins.refusals} + 1` })
    .where(and(eq(widgetRefusedOrigins.botId, botId), eq(widgetRefusedOrigins.origin, origin)))
    .returning({ origin: widgetRefusedOrigins.origin });
  if (counted.length === 0) {
    const { allowed } = await consumeThrottle(
      db,
      `widget:refused-origin:${botId}`,
      newPerHour,
      3600,
    );
    if (!allowed) return false;
    await db.transaction(async (tx) => {
      await tx
        .insert(widgetRefusedOrigins)
        .values({ botId, origin })
        .onConflictDoUpdate({
          target: [widgetRefusedOrigins.botId, widgetRefusedOrigins.origin],
          set: { lastSeenAt: new Date(), refusals: sql`${widgetRefusedOrigins.refusals} + 1` },
        });
      await tx.execute(sql`
        delete from ${widgetRefusedOrigins}
        where bot_id = ${botId} and origin not in (
          select origin from ${widgetRefusedOrigins} where bot_id = ${botId}
          order by last_seen_at desc, origin limit ${refusedOriginCap})`);
    });
  }
  return true;
}

export async function listRefusedOrigins(db: Database, botId: string) {
  return db
    .select()
    .from(widgetRefusedOrigins)
    .where(eq(widgetRefusedOrigins.botId, botId))
    .orderBy(desc(widgetRefusedOrigins.lastSeenAt), asc(widgetRefusedOrigins.origin));
}

export async function deleteRefusedOrigin(
  db: Pick<Database, 'delete'>,
  botId: string,
  origin: string,
) {
  await db
    .delete(widgetRefusedOrigins)
    .where(and(eq(widgetRefusedOrigins.botId, botId), eq(widgetRefusedOrigins.origin, origin)));
}
