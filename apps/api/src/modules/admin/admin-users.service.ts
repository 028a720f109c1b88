import {
  adminUserMessages,
  isStaffRole,
  roleLabels,
  trialDays,
  type Role,
  type SubscriptionTier,
  type UserFilter,
  viewAsMessages,
} from '@askwell/shared';
import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditService, SystemActor } from '../audit/audit.service';
import type { DemoDataService } from '../demo/demo-data.service';
import {
  accountContents,
  deleteSessions,
  deleteUser,
  emailTaken,
  findUser,
  insertUser,
  listUsers,
  lockSuperAdmins,
  setCredentialPassword,
  updateUser,
  type UserCursor,
  type UserRow,
} from './admin-users.repository';

// The staff member acting, as the access check saw them.
export type StaffActor = AuditActor & { role: Role };

type Options = {
  db: Database;
  audit: AuditService;
  demo: DemoDataService;
};

const tierLabels: Record<SubscriptionTier, string> = { free: 'Free', premium: 'Premium' };
const fieldLabels = { email: 'e-mail', first_name: 'first name', last_name: 'last name' } as const;
type ProfileFields = Record<keyof typeof fieldLabels, string>;

// Ids in better-auth's shape (letters and digits), for rows it will read as its own.
const newId = () => randomUUID().replaceAll('-', '');

function duplicateEmail() {
  return new AppError('validation_error', adminUserMessages.duplicateEmail, {
    email: adminUserMessages.duplicateEmail,
  });
}

// A concurrent request may take the address between our check and our write.
function isUniqueViolation(error: unknown) {
  const failure = error as { code?: string; cause?: { code?: string } } | null;
  return failure?.code === '23505' || failure?.cause?.code === '23505';
}

function fullName(firstName: string, lastName: string) {
  return [firstName, lastName].filter(Boolean).join(' ');
}

// Every change staff make to an account, each in one transaction with its audit entry.
export class AdminUsersService {
  constructor(private readonly options: Options) {}

  async list(query: { search: string; filter: UserFilter; before?: UserCursor; pageSize: number }) {
    const rows = await listUsers(this.options.db, { ...query, limit: query.pageSize + 1 });
    const users = rows.slice(0, query.pageSize);
    const last = users.at(-1);
    const nextCursor: UserCursor | null =
      rows.length > query.pageSize && last ? { createdAt: last.createdAt, id: last.id } : null;
    return { users, nextCursor };
  }

  async find(userId: string) {
    const [row] = await listUsers(this.options.db, {
      search: '',
      filter: 'all',
      limit: 1,
      only: userId,
    });
    return row ?? null;
  }

  async create(
    actor: StaffActor,
    input: { email: string; firstName: string; lastName: string; tier: SubscriptionTier },
  ) {
    const { db, audit, demo } = this.options;
    const created = await db
      .transaction(async (tx) => {
        if (await emailTaken(tx, input.email)) throw duplicateEmail();
        const user = await insertUser(tx, {
          id: newId(),
          name: fullName(input.firstName, input.lastName),
          email: input.email,
          // Staff vouch for the address, and the set-password link proves it on first use.
          emailVerified: true,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'user',
          subscriptionTier: input.tier,
          trialEndsAt:
            input.tier === 'free' ? new Date(Date.now() + trialDays * 24 * 3_600_000) : null,
        });
        await audit.record(
          actor,
          {
            action: 'user.create',
            target: { type: 'user', id: user.id },
            details: {
              message: `Created ${user.email} (${tierLabels[input.tier]}) and mailed a link to set a password`,
              email: user.email,
              first_name: user.firstName,
              last_name: user.lastName,
              tier: input.tier,
            },
          },
          tx,
        );
        return user;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicateEmail() : error;
      });
    // A new customer starts with the demo a self-service sign-up gets (it never throws).
    await demo.seedNewAccount(created.id);
    return created;
  }

  async update(
    actor: StaffActor,
    userId: string,
    input: { email: string; firstName: string; lastName: string; passwordHash?: string },
  ) {
    const { db, audit } = this.options;
    return db
      .transaction(async (tx) => {
        const user = await this.target(tx, actor, userId, 'edit');
        const before: ProfileFields = {
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
        };
        const after: ProfileFields = {
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
        };
        const changed = (Object.keys(fieldLabels) as (keyof ProfileFields)[]).filter(
          (field) => before[field] !== after[field],
        );
        let row = user;
        if (changed.length > 0) {
          if (after.email !== user.email && (await emailTaken(tx, after.email, user.id))) {
            throw duplicateEmail();
          }
          row = await updateUser(tx, user.id, {
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            name: fullName(input.firstName, input.lastName),
            // Staff set the address: it is as verified as the one it replaces.
            emailVerified: user.emailVerified || after.email !== user.email,
          });
          const changes = changed
            .map((field) => `${fieldLabels[field]} “${before[field]}” → “${after[field]}”`)
            .join(', ');
          await audit.record(
            actor,
            {
              action: 'user.update',
              target: { type: 'user', id: user.id },
              details: {
                message: `Edited ${user.email}: ${changes}`,
                email: user.email,
                before: Object.fromEntries(changed.map((field) => [field, before[field]])),
                after: Object.fromEntries(changed.map((field) => [field, after[field]])),
              },
            },
            tx,
          );
        }
        if (input.passwordHash) {
          await setCredentialPassword(tx, user.id, input.passwordHash, newId());
          // Whoever knew the old password is signed out everywhere.
          const revoked = await deleteSessions(tx, user.id);
          await audit.record(
            actor,
            {
              action: 'user.password_set',
              target: { type: 'user', id: user.id },
              details: {
                message: `Set a new password for ${row.email}`,
                email: row.email,
                sessions_revoked: revoked,
              },
            },
            tx,
          );
        }
        return row;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicateEmail() : error;
      });
  }

  async suspend(actor: StaffActor, userId: string, reason: string) {
    const { db, audit } = this.options;
    return db.transaction(async (tx) => {
      const user = await this.target(tx, actor, userId, 'suspend', { notSelf: true });
      if (user.suspendedAt) {
        throw new AppError('validation_error', 'This account is already suspended.');
      }
      const row = await updateUser(tx, user.id, {
        suspendedAt: new Date(),
        suspendedReason: reason,
      });
      // Signed out at once; sign-in refuses the account until the suspension is lifted.
      const revoked = await deleteSessions(tx, user.id);
      await audit.record(
        actor,
        {
          action: 'user.suspend',
          target: { type: 'user', id: user.id },
          details: {
            message: `Suspended ${user.email}: ${reason}`,
            email: user.email,
            reason,
            sessions_revoked: revoked,
          },
        },
        tx,
      );
      return row;
    });
  }

  async unsuspend(actor: StaffActor, userId: string) {
    const { db, audit } = this.options;
    return db.transaction(async (tx) => {
      const user = await this.target(tx, actor, userId, 'lift the suspension of', {
        notSelf: true,
      });
      if (!user.suspendedAt) {
        throw new AppError('validation_error', 'This account is not suspended.');
      }
      const row = await updateUser(tx, user.id, { suspendedAt: null, suspendedReason: null });
      await audit.record(
        actor,
        {
          action: 'user.unsuspend',
          target: { type: 'user', id: user.id },
          details: {
            message: `Lifted the suspension of ${user.email}`,
            email: user.email,
            reason: user.suspendedReason,
            suspended_at: user.suspendedAt.toISOString(),
          },
        },
        tx,
      );
      return row;
    });
  }

  // Only super_admins reach this (the route says so).
  async changeRole(actor: StaffActor, userId: string, role: Role) {
    const { db, audit } = this.options;
    return db.transaction(async (tx) => {
      // Super admins are locked before the target, in the same order by every caller.
      const superAdmins = await lockSuperAdmins(tx);
      const user = await findUser(tx, userId, { lock: true });
      if (!user) throw notFound();
      if (user.role === role) return user;
      if (user.role === 'super_admin' && !superAdmins.some((id) => id !== user.id)) {
        throw new AppError(
          'forbidden',
          'You are the last super admin. Make another account super admin before changing this role.',
        );
      }
      const row = await updateUser(tx, user.id, { role });
      await audit.record(
        actor,
        {
          action: 'user.role_change',
          target: { type: 'user', id: user.id },
          details: {
            message: `Changed the role of ${user.email} from ${roleLabels[user.role]} to ${roleLabels[role]}`,
            email: user.email,
            before: { role: user.role },
            after: { role },
          },
        },
        tx,
      );
      return row;
    });
  }

  // Staff through the Users screen; Askwell itself (SystemActor) when a subscription starts or
  // ends, inside the transaction that changed the subscription (`within`), with `reason` saying why.
  async changeTier(
    actor: StaffActor | SystemActor,
    userId: string,
    tier: SubscriptionTier,
    { within, reason }: { within?: Executor; reason?: string } = {},
  ) {
    const { db, audit } = this.options;
    const run = <T>(work: (tx: Executor) => Promise<T>) =>
      within ? work(within) : db.transaction(work);
    return run(async (tx) => {
      const user = await findUser(tx, userId, { lock: true });
      if (!user) throw notFound();
      if (isStaffRole(user.role)) {
        throw new AppError(
          'validation_error',
          'Staff accounts have no subscription tier. Change the role to User first.',
        );
      }
      if (user.subscriptionTier === tier) return user;
      const beforeTier = user.subscriptionTier === 'premium' ? 'premium' : 'free';
      const row = await updateUser(tx, user.id, { subscriptionTier: tier });
      await audit.record(
        actor,
        {
          action: 'user.tier_change',
          target: { type: 'user', id: user.id },
          details: {
            message: `Changed ${user.email} from ${tierLabels[beforeTier]} to ${tierLabels[tier]}${reason ? `: ${reason}` : ''}`,
            email: user.email,
            before: { tier: beforeTier },
            after: { tier },
          },
        },
        tx,
      );
      return row;
    });
  }

  // View as customer: who looked at whose dashboard is recorded before anything is shown. A
  // suspended customer may be viewed (support often starts there); staff accounts may not.
  async viewAs(actor: StaffActor, userId: string) {
    const { db, audit } = this.options;
    const user = await findUser(db, userId);
    if (!user) throw notFound();
    if (isStaffRole(user.role)) {
      throw new AppError('forbidden', viewAsMessages.customersOnly);
    }
    await audit.record(actor, {
      action: 'user.view_as',
      target: { type: 'user', id: user.id },
      details: {
        message: `Viewed ${user.email}'s dashboard as the customer`,
        email: user.email,
      },
    });
    return user;
  }

  // The account's rows, its uploaded originals among them, go with it (ON DELETE CASCADE).
  async delete(actor: StaffActor, userId: string, confirmEmail: string) {
    const { db, audit } = this.options;
    const removed = await db.transaction(async (tx) => {
      const user = await this.target(tx, actor, userId, 'delete', { notSelf: true });
      if (confirmEmail.toLowerCase() !== user.email.toLowerCase()) {
        const message = `Type ${user.email} exactly to confirm.`;
        throw new AppError('validation_error', message, { confirm_email: message });
      }
      const contents = await accountContents(tx, user.id);
      await deleteUser(tx, user.id);
      const counts = {
        bots: contents.botIds.length,
        documents: contents.documents,
        conversations: contents.conversations,
        leads: contents.leads,
      };
      await audit.record(
        actor,
        {
          action: 'user.delete',
          target: { type: 'user', id: user.id },
          details: {
            message: `Deleted ${user.email} with ${plural(counts.bots, 'chatbot')}, ${plural(counts.documents, 'document')}, ${plural(counts.conversations, 'conversation')} and ${plural(counts.leads, 'lead')}`,
            email: user.email,
            role: user.role,
            removed: counts,
          },
        },
        tx,
      );
      return counts;
    });
    return removed;
  }

  // The account a staff action is about, locked for the transaction: refused when it is the
  // actor's own (for actions nobody takes on themselves) or another staff account and the actor
  // is not a super_admin.
  private async target(
    tx: Executor,
    actor: StaffActor,
    userId: string,
    verb: string,
    { notSelf = false } = {},
  ): Promise<UserRow> {
    const user = await findUser(tx, userId, { lock: true });
    if (!user) throw notFound();
    if (notSelf && user.id === actor.id) {
      throw new AppError('forbidden', `You cannot ${verb} your own account.`);
    }
    if (isStaffRole(user.role) && user.id !== actor.id && actor.role !== 'super_admin') {
      throw new AppError('forbidden', `Only a super admin can ${verb} another staff account.`);
    }
    return user;
  }
}

function notFound() {
  return new AppError('not_found', 'User not found.');
}

function plural(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
