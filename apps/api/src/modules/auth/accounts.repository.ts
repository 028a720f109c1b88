import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';

// `email` is compared in lower case: addresses are unique whatever their case.
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, verified: users.emailVerified, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function renameAccount(
  db: Database,
  userId: string,
  { firstName, lastName }: { firstName: string; lastName: string },
) {
  const [row] = await db
    .update(users)
    .set({
      firstName,
      lastName,
      name: [firstName, lastName].filter(Boolean).join(' '),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

// Claims the account's one demo: true for the single caller that set the mark, false when it was
// set before (a later verification, a concurrent request, a demo already cleared).
export async function claimDemoSeeding(db: Executor, userId: string) {
  const rows = await db
    .update(users)
    .set({ demoSeededAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.demoSeededAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
