import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatbots, widgetPresence, widgetRefusedOrigins } from '../../db/schema';
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

// The account's refused origins across its bots, newest first, for the dashboard's alerts.
export async function listAccountRefusedOrigins(db: Database, userId: string, limit: number) {
  return db
    .select({
      botId: widgetRefusedOrigins.botId,
      botName: chatbots.name,
      origin: widgetRefusedOrigins.origin,
      lastSeenAt: widgetRefusedOrigins.lastSeenAt,
      refusals: widgetRefusedOrigins.refusals,
    })
    .from(widgetRefusedOrigins)
    .innerJoin(chatbots, eq(chatbots.id, widgetRefusedOrigins.botId))
    .where(eq(chatbots.userId, userId))
    .orderBy(desc(widgetRefusedOrigins.lastSeenAt))
    .limit(limit);
}

// True when the visitor was not counted a moment ago (a new page, or back after expiring), so the
// owner's dashboards are told to count again.
export async function recordPresence(
  db: Database,
  presence: { botId: string; userId: string; visitorId: string },
  expirySeconds: number,
): Promise<boolean> {
  const result = await db.execute<{ previous_seen_at: Date | null; expired: boolean | null }>(sql`
    with previous as (
      select last_seen_at from widget_presence
      where bot_id = ${presence.botId} and visitor_id = ${presence.visitorId}
    )
    insert into widget_presence (bot_id, visitor_id, user_id, last_seen_at)
    values (${presence.botId}, ${presence.visitorId}, ${presence.userId}, now())
    on conflict (bot_id, visitor_id) do update set last_seen_at = now()
    returning (select last_seen_at < now() - make_interval(secs => ${expirySeconds}) from previous)
      as expired,
      (select last_seen_at from previous) as previous_seen_at
  `);
  const row = result.rows[0];
  return !row || row.previous_seen_at === null || row.expired === true;
}

// True when the visitor was counted until now.
export async function removePresence(
  db: Database,
  botId: string,
  visitorId: string,
  expirySeconds: number,
): Promise<boolean> {
  const removed = await db
    .delete(widgetPresence)
    .where(and(eq(widgetPresence.botId, botId), eq(widgetPresence.visitorId, visitorId)))
    .returning({
      active: sql<boolean>`${widgetPresence.lastSeenAt} >= now() - make_interval(secs => ${expirySeconds})`,
    });
  return removed[0]?.active === true;
}

export async function countPresentVisitors(db: Database, userId: string, expirySeconds: number) {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(widgetPresence)
    .where(
      and(
        eq(widgetPresence.userId, userId),
        sql`${widgetPresence.lastSeenAt} >= now() - make_interval(secs => ${expirySeconds})`,
      ),
    );
  return row?.value ?? 0;
}

// Visitors long gone; the table holds one row per visitor per bot otherwise.
export async function deleteStalePresence(db: Database, userId: string) {
  await db
    .delete(widgetPresence)
    .where(
      and(
        eq(widgetPresence.userId, userId),
        sql`${widgetPresence.lastSeenAt} < now() - interval '1 day'`,
      ),
    );
}
