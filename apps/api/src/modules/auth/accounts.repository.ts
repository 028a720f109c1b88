import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

// `email` is compared in lower case: addresses are unique whatever their case.
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, verified: users.emailVerified })
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
