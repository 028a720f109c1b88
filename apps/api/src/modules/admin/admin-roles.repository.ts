import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminRoles } from '../../db/schema';

export async function findRole(db: Executor, id: string) {
  const [row] = await db.select().from(adminRoles).where(eq(adminRoles.id, id));
  return row ?? null;
}

export async function setRolePermissions(
  db: Executor,
  id: string,
  permissions: Record<string, boolean>,
) {
  const [row] = await db
    .update(adminRoles)
    .set({ permissions })
    .where(eq(adminRoles.id, id))
    .returning();
  return row ?? null;
}
