import {
  adminUserCreateSchema,
  adminUserDeleteSchema,
  adminUserPageSize,
  adminUserRoleSchema,
  adminUserSuspendSchema,
  adminUserTierSchema,
  adminUserUpdateSchema,
  isStaffRole,
  roles,
  rolesForSection,
  subscriptionStatuses,
  subscriptionTiers,
  userFilters,
  type AdminUser,
  type ViewAsGrant,
  type AdminUserPage,
  type Role,
} from '@askwell/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { toHeaders } from '../../plugins/access';
import { auditActorOf } from '../audit/audit.service';
import type { Auth } from '../auth/auth';
import type { AuthMail } from '../auth/auth-mail';
import type { UserCursor, UserListRow } from './admin-users.repository';
import type { AdminUsersService, StaffActor } from './admin-users.service';
import type { ViewAsTokens } from './view-as-tokens';

type Options = { adminUsers: AdminUsersService; auth: Auth; mail: AuthMail; viewAs: ViewAsTokens };

const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(roles),
  subscription_tier: z.enum(subscriptionTiers),
  email_verified: z.boolean(),
  is_admin: z.boolean(),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  bot_count: z.number().int(),
  subscription_status: z.enum(subscriptionStatuses).nullable(),
}) satisfies z.ZodType<AdminUser>;

const pageSchema = z.object({
  users: z.array(adminUserSchema),
  next_cursor: z.string().nullable(),
}) satisfies z.ZodType<AdminUserPage>;

const paramsSchema = z.object({ userId: z.string().min(1).max(128) });

// The last row of a page as `<milliseconds>.<id>`: opaque to the browser, enough for the next one.
const cursorPattern = /^(\d{1,15})\.(\S{1,128})$/;

function encodeCursor(cursor: UserCursor) {
  return `${cursor.createdAt.getTime()}.${cursor.id}`;
}

function decodeCursor(value: string | undefined): UserCursor | undefined {
  const match = value ? cursorPattern.exec(value) : null;
  return match ? { createdAt: new Date(Number(match[1])), id: match[2]! } : undefined;
}

function toAdminUser(row: UserListRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    subscription_tier: row.subscriptionTier === 'premium' ? 'premium' : 'free',
    email_verified: row.emailVerified,
    is_admin: isStaffRole(row.role),
    created_at: row.createdAt.toISOString(),
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    suspended_reason: row.suspendedReason,
    bot_count: row.botCount,
    subscription_status: (subscriptionStatuses as readonly string[]).includes(
      row.subscriptionStatus ?? '',
    )
      ? (row.subscriptionStatus as AdminUser['subscription_status'])
      : null,
  };
}

function actorOf(request: FastifyRequest): StaffActor {
  return { ...auditActorOf(request), role: request.user!.role as Role };
}

// The back office's Users screen: the list (search, filter, keyset pages for 100,000 accounts)
// and every change staff make to an account.
export const adminUsersRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { adminUsers, auth, mail, viewAs },
) => {
  const staff = rolesForSection('users');
  const manage = { staff, permissions: ['manage_users'] };
  const writeLimit = { max: 30, timeWindow: '1 minute' };

  const listed = async (userId: string) => {
    const row = await adminUsers.find(userId);
    if (!row) throw new AppError('not_found', 'User not found.');
    return toAdminUser(row);
  };

  app.get(
    '/api/admin/users',
    {
      schema: {
        querystring: z.object({
          search: z.string().max(200).default(''),
          filter: z.enum(userFilters).default('all'),
          before: z
            .string()
            .regex(cursorPattern, 'This page of the list is out of date. Reload the list.')
            .optional(),
        }),
        response: { 200: pageSchema },
      },
      config: { access: { staff }, rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (request): Promise<AdminUserPage> => {
      const { search, filter, before } = request.query;
      const page = await adminUsers.list({
        search,
        filter,
        before: decodeCursor(before),
        pageSize: adminUserPageSize,
      });
      return {
        users: page.users.map(toAdminUser),
        next_cursor: page.nextCursor ? encodeCursor(page.nextCursor) : null,
      };
    },
  );

  // Add User: a verified customer with no password yet, who is mailed a link to set one (the
  // password-reset link, in a mail that says the account was made for them).
  app.post(
    '/api/admin/users',
    {
      schema: { body: adminUserCreateSchema, response: { 201: adminUserSchema } },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request, reply) => {
      const { email, first_name, last_name, tier } = request.body;
      const user = await adminUsers.create(actorOf(request), {
        email,
        firstName: first_name,
        lastName: last_name,
        tier,
      });
      mail.expectWelcome(user.email);
      try {
        await auth.api.requestPasswordReset({
          body: { email: user.email, redirectTo: '/reset-password' },
          headers: toHeaders(request),
        });
      } catch (error) {
        mail.takeWelcome(user.email);
        // The account stands; 'Forgot password?' sends the same link.
        request.log.error({ err: error, userId: user.id }, 'set-password link not sent');
      }
      return reply.status(201).send(await listed(user.id));
    },
  );

  app.patch(
    '/api/admin/users/:userId',
    {
      schema: {
        params: paramsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema },
      },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request) => {
      const { email, first_name, last_name, password } = request.body;
      // better-auth's own hashing, so its sign-in reads the password as one of its own.
      const passwordHash = password
        ? await (await auth.$context).password.hash(password)
        : undefined;
      const user = await adminUsers.update(actorOf(request), request.params.userId, {
        email,
        firstName: first_name,
        lastName: last_name,
        passwordHash,
      });
      return listed(user.id);
    },
  );

  app.post(
    '/api/admin/users/:userId/suspend',
    {
      schema: {
        params: paramsSchema,
        body: adminUserSuspendSchema,
        response: { 200: adminUserSchema },
      },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request) => {
      const user = await adminUsers.suspend(
        actorOf(request),
        request.params.userId,
        request.body.reason,
      );
      return listed(user.id);
    },
  );

  app.post(
    '/api/admin/users/:userId/unsuspend',
    {
      schema: { params: paramsSchema, response: { 200: adminUserSchema } },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request) => {
      const user = await adminUsers.unsuspend(actorOf(request), request.params.userId);
      return listed(user.id);
    },
  );

  app.patch(
    '/api/admin/users/:userId/role',
    {
      schema: {
        params: paramsSchema,
        body: adminUserRoleSchema,
        response: { 200: adminUserSchema },
      },
      config: { access: { staff: ['super_admin'] }, rateLimit: writeLimit },
    },
    async (request) => {
      const user = await adminUsers.changeRole(
        actorOf(request),
        request.params.userId,
        request.body.role,
      );
      return listed(user.id);
    },
  );

  app.patch(
    '/api/admin/users/:userId/tier',
    {
      schema: {
        params: paramsSchema,
        body: adminUserTierSchema,
        response: { 200: adminUserSchema },
      },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request) => {
      const user = await adminUsers.changeTier(
        actorOf(request),
        request.params.userId,
        request.body.tier,
      );
      return listed(user.id);
    },
  );

  // View as customer: audited here, then the web app sends the grant with its calls (see
  // plugins/access.ts for what it may then read, as whom).
  app.post(
    '/api/admin/users/:userId/view-as',
    {
      schema: {
        params: paramsSchema,
        response: {
          200: z.object({
            user_id: z.string(),
            email: z.string(),
            name: z.string(),
            token: z.string(),
            expires_at: z.string(),
          }) satisfies z.ZodType<ViewAsGrant>,
        },
      },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request, reply): Promise<ViewAsGrant> => {
      const actor = actorOf(request);
      const user = await adminUsers.viewAs(actor, request.params.userId);
      const grant = viewAs.issue({ staffId: actor.id, userId: user.id });
      reply.header('cache-control', 'no-store');
      return {
        user_id: user.id,
        email: user.email,
        name: user.name,
        token: grant.token,
        expires_at: grant.expiresAt.toISOString(),
      };
    },
  );

  app.delete(
    '/api/admin/users/:userId',
    {
      schema: {
        params: paramsSchema,
        body: adminUserDeleteSchema,
        response: {
          200: z.object({
            removed: z.object({
              bots: z.number().int(),
              documents: z.number().int(),
              conversations: z.number().int(),
              leads: z.number().int(),
            }),
          }),
        },
      },
      config: { access: manage, rateLimit: writeLimit },
    },
    async (request) => ({
      removed: await adminUsers.delete(
        actorOf(request),
        request.params.userId,
        request.body.confirm_email,
      ),
    }),
  );
};
