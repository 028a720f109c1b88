import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRoles } from '../../db/schema';

export async function listRoles(db: Database) {
  return db.select().from(adminRoles).orderBy(desc(adminRoles.createdAt), adminRoles.name);
}

// Spec §2's four tiles in one round trip. Demo bots and their conversations are sample data each
// new account starts with, so they count nowhere; a bot is active while its owner has it on and
// staff have not disabled it.
export async function overview(db: Database) {
  const result = await db.execute<{
    total_users: number;
    new_users_this_month: number;
    active_bots: number;
    total_chats: number;
  }>(sql`
    select
      (select count(*)::int from users where role = 'user') as total_users,
      (select count(*)::int from users
        where role = 'user' and created_at >= date_trunc('month', now())) as new_users_this_month,
      (select count(*)::int from chatbots
        where enabled and staff_disabled_at is null and not is_demo) as active_bots,
      (select count(*)::int from conversations c
        where not exists (select 1 from chatbots b where b.id = c.bot_id and b.is_demo))
        as total_chats
  `);
  return result.rows[0]!;
}
