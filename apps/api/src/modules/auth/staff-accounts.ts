import { isStaffRole, splitFullName, type StaffRole } from '@askwell/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Auth } from './auth';

type StaffAccount = { email: string; password: string; role: StaffRole; name?: string };

export class StaffNameRequiredError extends Error {
  constructor(email: string) {
    super(`${email} has no account yet: give the new staff member's full name with --name`);
  }
}

// Creates a verified staff account, or promotes an existing account and sets its password (and its
// name, when one is given). `requireName` (the CLI) refuses to make a new account without a real
// name, which the back office shows everywhere; the ADMIN_EMAIL start-up path has no one to ask
// and falls back to the address's local part.
export async function upsertStaffAccount(
  auth: Auth,
  db: Database,
  account: StaffAccount,
  { requireName = false }: { requireName?: boolean } = {},
) {
  if (!isStaffRole(account.role)) throw new Error(`Unknown staff role: ${account.role}`);
  const context = await auth.$context;
  const email = account.email.trim().toLowerCase();
  const passwordHash = await context.password.hash(account.password);
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const givenName = account.name?.trim();
  if (existing) {
    const renamed = givenName ? { name: givenName, ...splitFullName(givenName) } : {};
    await db
      .update(users)
      .set({ ...renamed, role: account.role, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, existing.user.id));
    const hasPassword = existing.accounts.some((item) => item.providerId === 'credential');
    if (hasPassword) {
      await context.internalAdapter.updatePassword(existing.user.id, passwordHash);
    } else {
      await context.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: 'credential',
        accountId: existing.user.id,
        password: passwordHash,
      });
    }
    return { id: existing.user.id, created: false };
  }
  if (!givenName && requireName) throw new StaffNameRequiredError(email);
  const name = givenName || email.split('@')[0]!;
  const { firstName, lastName } = splitFullName(name);
  const user = await context.internalAdapter.createUser(
    {
      email,
      name,
      emailVerified: true,
      firstName,
      lastName,
      role: account.role,
      subscriptionTier: 'free',
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: passwordHash,
  });
  return { id: user.id, created: true };
}

export async function countStaffAccounts(db: Database) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.role, ['super_admin', 'sales_manager', 'support_team']));
  return row?.count ?? 0;
}
