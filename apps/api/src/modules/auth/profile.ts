import { isStaffRole, type Profile, type Role } from '@askwell/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRoles, users } from '../../db/schema';
import type { Auth } from './auth';

export type SessionUser = Auth['$Infer']['Session']['user'];

export async function permissionsOf(db: Database, role: string): Promise<string[]> {
  const [row] = await db
    .select({ permissions: adminRoles.permissions })
    .from(adminRoles)
    .where(eq(adminRoles.name, role));
  return Object.entries(row?.permissions ?? {})
    .filter(([, granted]) => granted)
    .map(([name]) => name);
}

// An account as the access check would see it had the account itself signed in (View as customer
// answers a staff member's request as the customer it names).
export async function findSessionUser(db: Database, id: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      image: users.image,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      subscriptionTier: users.subscriptionTier,
      trialEndsAt: users.trialEndsAt,
      suspendedAt: users.suspendedAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function toProfile(db: Database, user: SessionUser): Promise<Profile> {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    name: user.name,
    email: user.email,
    image: user.image ?? null,
    role: user.role as Role,
    subscription_tier: user.subscriptionTier === 'premium' ? 'premium' : 'free',
    email_verified: user.emailVerified,
    is_admin: isStaffRole(user.role),
    created_at: new Date(user.createdAt).toISOString(),
    trial_ends_at: user.trialEndsAt ? new Date(user.trialEndsAt).toISOString() : null,
    permissions: await permissionsOf(db, user.role),
  };
}
