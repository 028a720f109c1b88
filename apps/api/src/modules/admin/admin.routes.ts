import {
  isStaffRole,
  roles,
  rolesForSection,
  userFilters,
  type AdminOverview,
  type AdminRole,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminService } from './admin.service';

const adminOverviewSchema = z.object({
  total_users: z.number(),
  new_users_this_month: z.number(),
  verified_users: z.number(),
  staff_accounts: z.number(),
}) satisfies z.ZodType<AdminOverview>;

// The users list has no shared type; the web app declares the same fields (AdminUser).
const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(roles),
  subscription_tier: z.string(),
  email_verified: z.boolean(),
  is_admin: z.boolean(),
  created_at: z.string(),
});

const adminRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  permissions: z.record(z.string(), z.boolean()),
}) satisfies z.ZodType<AdminRole>;

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (
  app,
  { admin },
) => {
  app.get(
    '/api/admin/overview',
    {
      schema: { response: { 200: adminOverviewSchema } },
      config: { access: { staff: rolesForSection('dashboard') } },
    },
    async (): Promise<AdminOverview> => {
      const counts = await admin.overview();
      return {
        total_users: counts.totalUsers,
        new_users_this_month: counts.newUsersThisMonth,
        verified_users: counts.verifiedUsers,
        staff_accounts: counts.staffAccounts,
      };
    },
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        querystring: z.object({
          search: z.string().max(200).default(''),
          filter: z.enum(userFilters).default('all'),
        }),
        response: { 200: z.array(adminUserSchema) },
      },
      config: { access: { staff: rolesForSection('users') } },
    },
    async (request) => {
      const rows = await admin.listUsers(request.query.search, request.query.filter);
      return rows.map((user) => ({
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        role: user.role,
        subscription_tier: user.subscriptionTier,
        email_verified: user.emailVerified,
        is_admin: isStaffRole(user.role),
        created_at: user.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/api/admin/roles',
    {
      schema: { response: { 200: z.array(adminRoleSchema) } },
      config: { access: { staff: rolesForSection('roles') } },
    },
    async (): Promise<AdminRole[]> => {
      const rows = await admin.listRoles();
      return rows.map((role) => ({
        id: role.id,
        name: role.name,
        created_at: role.createdAt.toISOString(),
        permissions: role.permissions,
      }));
    },
  );
};
