import type { SubscriptionTier, SystemNotificationSeverity } from '@askwell/shared';
import { and, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { systemNotifications } from '../../db/schema';

export type SystemNotificationRow = typeof systemNotifications.$inferSelect;

type AccountNotice = {
  userId: string;
  key: string;
  severity: SystemNotificationSeverity;
  message: string;
  link: string | null;
};

// One row per cause and account: a repeat updates it (and counts), a cause that comes back after
// being resolved opens it again as new. `opened` tells the caller whether the owner should hear of it.
export async function raiseAccountNotice(db: Database, notice: AccountNotice) {
  const result = await db.execute<{ id: string; opened: boolean }>(sql`
    insert into system_notifications (user_id, key, severity, message, link)
    values (${notice.userId}, ${notice.key}, ${notice.severity}, ${notice.message}, ${notice.link})
    on conflict (user_id, key) do update set
      severity = excluded.severity,
      message = excluded.message,
      link = excluded.link,
      occurrences = case when system_notifications.resolved_at is null
        then system_notifications.occurrences + 1 else 1 end,
      created_at = case when system_notifications.resolved_at is null
        then system_notifications.created_at else now() end,
      updated_at = now(),
      resolved_at = null
    returning id, occurrences = 1 as opened
  `);
  return result.rows[0]!;
}

export async function resolveAccountNotice(db: Database, userId: string, key: string) {
  const rows = await db
    .update(systemNotifications)
    .set({ resolvedAt: new Date() })
    .where(
      and(
        eq(systemNotifications.userId, userId),
        eq(systemNotifications.key, key),
        isNull(systemNotifications.resolvedAt),
      ),
    )
    .returning({ id: systemNotifications.id });
  return rows.length > 0;
}

// What an account sees: its own open notices and the staff's notices to its tier or everyone.
export async function listOpenNotices(db: Database, userId: string, limit: number) {
  return db
    .select()
    .from(systemNotifications)
    .where(
      and(
        or(
          eq(systemNotifications.userId, userId),
          and(
            isNull(systemNotifications.userId),
            or(
              isNull(systemNotifications.audienceTier),
              eq(
                systemNotifications.audienceTier,
                sql`(select subscription_tier from users where id = ${userId})`,
              ),
            ),
          ),
        ),
        isNull(systemNotifications.resolvedAt),
      ),
    )
    .orderBy(desc(systemNotifications.updatedAt))
    .limit(limit);
}

export async function insertStaffNotice(
  db: Executor,
  notice: {
    severity: SystemNotificationSeverity;
    message: string;
    audienceTier: SubscriptionTier | null;
    createdBy: string;
  },
) {
  const [row] = await db.insert(systemNotifications).values(notice).returning();
  return row!;
}

// The customer accounts a staff notice's audience holds now.
const audienceReach = sql<number>`(
  select count(*)::int from users
  where role = 'user' and (${systemNotifications.audienceTier} is null
    or subscription_tier = ${systemNotifications.audienceTier})
)`;

export async function listStaffNotices(db: Database, limit: number) {
  return db
    .select({ notice: systemNotifications, reach: audienceReach })
    .from(systemNotifications)
    .where(isNull(systemNotifications.userId))
    .orderBy(desc(systemNotifications.createdAt))
    .limit(limit);
}

export async function staffNoticeReach(db: Executor, id: string) {
  const [row] = await db
    .select({ reach: audienceReach })
    .from(systemNotifications)
    .where(eq(systemNotifications.id, id));
  return row?.reach ?? 0;
}

// `withdrawnNow` tells a first withdrawal from a repeated one: only the first sets resolved_at to
// this transaction's now().
export async function withdrawStaffNotice(db: Executor, id: string) {
  const rows = await db
    .update(systemNotifications)
    .set({ resolvedAt: sql`coalesce(${systemNotifications.resolvedAt}, now())` })
    .where(and(eq(systemNotifications.id, id), isNull(systemNotifications.userId)))
    .returning({
      ...getTableColumns(systemNotifications),
      withdrawnNow: sql<boolean>`${systemNotifications.resolvedAt} = now()`,
    });
  if (!rows[0]) return undefined;
  const { withdrawnNow, ...notice } = rows[0];
  return { notice: notice as SystemNotificationRow, withdrawnNow };
}
