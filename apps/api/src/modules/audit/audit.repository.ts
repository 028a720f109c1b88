import { logTimeStart, type AuditAction } from '@askwell/shared';
import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { adminLogs } from '../../db/schema';

export type AdminLogRow = typeof adminLogs.$inferSelect;
export type NewAdminLog = typeof adminLogs.$inferInsert;

export async function insertAdminLog(db: Executor, entry: Omit<NewAdminLog, 'createdAt'>) {
  const [row] = await db
    .insert(adminLogs)
    // The moment of the action, not of its transaction's start (now()): two actions recorded in
    // one transaction (an edit and the password it set) keep their order in the log.
    .values({ ...entry, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

export type AdminLogFilters = {
  admin?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
};

// Where a page starts: the (created_at, id) of the last row of the page before, created_at in
// microseconds since the epoch, so rows of the same millisecond are neither skipped nor repeated.
export type AdminLogCursor = { micros: string; id: string };

export function parseCursor(cursor: string): AdminLogCursor {
  const [micros, id] = cursor.split('_') as [string, string];
  return { micros, id };
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const cursorTime = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

// Staff are found by e-mail through the (admin_id, created_at) index rather than by matching every
// row's admin_email, which on a million rows would read them all when nobody matches. The distinct
// admins come from a loose index scan (one probe per admin); each matches on the e-mail of their
// newest entry or their account's current one.
async function adminIdsMatching(db: Database, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  const result = await db.execute<{ admin_id: string }>(sql`
    with recursive admins(admin_id) as (
      (select admin_id from admin_logs where admin_id is not null order by admin_id limit 1)
      union all
      select (select l.admin_id from admin_logs l where l.admin_id > a.admin_id
              order by l.admin_id limit 1)
      from admins a where a.admin_id is not null
    )
    select a.admin_id from admins a
    cross join lateral (
      select l.admin_email from admin_logs l where l.admin_id = a.admin_id
      order by l.created_at desc limit 1
    ) newest
    left join users u on u.id = a.admin_id
    where a.admin_id is not null
      and (newest.admin_email ilike ${pattern} or u.email ilike ${pattern})
  `);
  return result.rows.map((row) => row.admin_id);
}

async function conditionsFor(db: Database, filters: AdminLogFilters, before?: AdminLogCursor) {
  const conditions: SQL[] = [];
  const admin = filters.admin?.trim();
  if (admin) {
    const ids = await adminIdsMatching(db, admin);
    if (ids.length === 0) return null;
    conditions.push(inArray(adminLogs.adminId, ids));
  }
  if (filters.action) conditions.push(eq(adminLogs.action, filters.action));
  if (filters.from) conditions.push(sql`${adminLogs.createdAt} >= ${logTimeStart(filters.from)}`);
  if (filters.to) {
    conditions.push(
      dayPattern.test(filters.to)
        ? sql`${adminLogs.createdAt} < ${logTimeStart(filters.to)}::timestamptz + interval '1 day'`
        : lte(adminLogs.createdAt, new Date(filters.to)),
    );
  }
  if (before) {
    const at = cursorTime(before.micros);
    // The plain bound lets the (action, …) and (admin_id, …) indexes start at the cursor too; the
    // row comparison breaks ties between entries of the same microsecond.
    conditions.push(sql`${adminLogs.createdAt} <= ${at}`);
    conditions.push(sql`(${adminLogs.createdAt}, ${adminLogs.id}) < (${at}, ${before.id}::uuid)`);
  }
  return conditions;
}

// Newest first, one page past the cursor. One row more than asked tells whether a next page exists
// without counting the table.
export async function listAdminLogs(
  db: Database,
  filters: AdminLogFilters,
  { before, limit }: { before?: AdminLogCursor; limit: number },
) {
  const conditions = await conditionsFor(db, filters, before);
  if (!conditions) return { rows: [], next: null };
  const rows = await db
    .select({
      row: adminLogs,
      micros: sql<string>`(extract(epoch from ${adminLogs.createdAt}) * 1000000)::bigint::text`,
    })
    .from(adminLogs)
    .where(and(...conditions))
    .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next =
    rows.length > limit && last
      ? ({ micros: last.micros, id: last.row.id } as AdminLogCursor)
      : null;
  return { rows: page.map((entry) => entry.row), next };
}

export async function newestAdminLogs(db: Database, limit: number) {
  return db
    .select()
    .from(adminLogs)
    .orderBy(desc(adminLogs.createdAt), desc(adminLogs.id))
    .limit(limit);
}

export function formatCursor(cursor: AdminLogCursor) {
  return `${cursor.micros}_${cursor.id}`;
}
