import { staffRoles, type UserFilter } from '@askwell/shared';
import { and, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRoles, users } from '../../db/schema';

const staff = [...staffRoles];

// Spec §5: case-insensitive substring search on email, first name and last name; the filter
// 'admin' keeps staff, free and premium match the subscription tier.
export async function listUsers(db: Database, search: string, filter: UserFilter) {
  const conditions: SQL[] = [];
  const term = search.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
      )!,
    );
  }
  if (filter === 'admin') conditions.push(inArray(users.role, staff));
  if (filter === 'free' || filter === 'premium')
    conditions.push(eq(users.subscriptionTier, filter));
  return db
    .select()
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(500);
}

export async function listRoles(db: Database) {
  return db.select().from(adminRoles).orderBy(desc(adminRoles.createdAt), adminRoles.name);
}

export async function overview(db: Database) {
  const monthStart = sql`date_trunc('month', now())`;
  const [row] = await db
    .select({
      totalUsers: sql<number>`count(*) filter (where ${eq(users.role, 'user')})::int`,
      newUsersThisMonth: sql<number>`count(*) filter (where ${gte(users.createdAt, monthStart)} and ${eq(users.role, 'user')})::int`,
      verifiedUsers: sql<number>`count(*) filter (where ${users.emailVerified} and ${eq(users.role, 'user')})::int`,
      staffAccounts: sql<number>`count(*) filter (where ${inArray(users.role, staff)})::int`,
    })
    .from(users);
  return row!;
}
