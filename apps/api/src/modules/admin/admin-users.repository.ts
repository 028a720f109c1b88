import { staffRoles, type UserFilter } from '@askwell/shared';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, sessions, users, usersSearchText } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserListRow = UserRow & { botCount: number; subscriptionStatus: string | null };

// Where the previous page ended: the last row's id, and its time as a fallback for a row that
// was deleted in between.
export type UserCursor = { createdAt: Date; id: string };

const staff = [...staffRoles];

// Written out in full: drizzle leaves column names unqualified in a one-table select, which
// would make `id` the chatbot's own id here.
const botCount = sql<number>`(select count(*)::int from chatbots owned where owned.user_id = "users"."id")`;
// The status of the subscription the account's plan comes from (billing owns the table): the
// one giving Premium first, else the newest that is not an abandoned checkout.
const subscriptionStatus = sql<string | null>`(select s.status from subscriptions s
  where s.user_id = "users"."id" and s.status <> 'incomplete'
  order by (s.status in ('active', 'trialing', 'past_due')) desc, s.created_at desc limit 1)`;

// Spec §5: case-insensitive substring search on email, first name and last name; 'admin' keeps
// staff; free and premium match the customers' subscription tier (staff carry the default tier
// but are shown as Staff, so they would look misplaced under Free Tier).
export async function listUsers(
  db: Executor,
  query: {
    search: string;
    filter: UserFilter;
    before?: UserCursor;
    limit: number;
    // One account, as the list shows it (after a change).
    only?: string;
  },
): Promise<UserListRow[]> {
  const conditions: SQL[] = [];
  if (query.only !== undefined) conditions.push(eq(users.id, query.only));
  const term = query.search.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    // One expression over e-mail and both names, the one its trigram index covers (schema.ts);
    // a term may also span first and last name ("ann lee").
    conditions.push(sql`${usersSearchText} ilike ${pattern}`);
  }
  if (query.filter === 'admin') conditions.push(inArray(users.role, staff));
  if (query.filter === 'free' || query.filter === 'premium') {
    conditions.push(eq(users.role, 'user'), eq(users.subscriptionTier, query.filter));
  }
  if (query.before) {
    // Keyset paging on (created_at, id): the cursor row's exact timestamp is read back from the
    // table, since JavaScript dates drop PostgreSQL's microseconds.
    const { id, createdAt } = query.before;
    conditions.push(
      sql`(${users.createdAt}, ${users.id}) < (coalesce((select cursor_row.created_at from users cursor_row where cursor_row.id = ${id}), ${createdAt.toISOString()}::timestamptz), ${id})`,
    );
  }
  const rows = await db
    .select({ user: users, botCount, subscriptionStatus })
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit);
  return rows.map(({ user, botCount: bots, subscriptionStatus: status }) => ({
    ...user,
    botCount: bots,
    subscriptionStatus: status,
  }));
}

// `lock` holds the row until the transaction ends, so two staff acting on one account at once
// are applied one after the other.
export async function findUser(db: Executor, id: string, { lock = false } = {}) {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function emailTaken(db: Executor, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof users.$inferInsert, 'id'>>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

// The password better-auth checks at sign-in lives on the account's 'credential' row; an account
// made without one (Google, Add User) gets it here.
export async function setCredentialPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  newAccountId: string,
) {
  const updated = await db
    .update(accounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length > 0) return;
  await db.insert(accounts).values({
    id: newAccountId,
    userId,
    providerId: 'credential',
    accountId: userId,
    password: passwordHash,
  });
}

export async function deleteSessions(db: Executor, userId: string) {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

// Locks every super_admin row: two demotions at once cannot both see "another one is left".
export async function lockSuperAdmins(db: Executor) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'super_admin'))
    .for('update');
  return rows.map((row) => row.id);
}

// What deleting an account takes with it (ON DELETE CASCADE), counted for the audit entry.
export async function accountContents(db: Executor, userId: string) {
  const result = await db.execute<{
    bot_ids: string[] | null;
    documents: number;
    conversations: number;
    leads: number;
  }>(sql`
    select
      (select array_agg(id::text) from chatbots where user_id = ${userId}) as bot_ids,
      (select count(*)::int from knowledge_sources where user_id = ${userId}) as documents,
      (select count(*)::int from conversations where user_id = ${userId}) as conversations,
      (select count(*)::int from leads where user_id = ${userId}) as leads
  `);
  const row = result.rows[0]!;
  return {
    botIds: row.bot_ids ?? [],
    documents: row.documents,
    conversations: row.conversations,
    leads: row.leads,
  };
}

export async function deleteUser(db: Executor, id: string) {
  await db.delete(users).where(eq(users.id, id));
}
