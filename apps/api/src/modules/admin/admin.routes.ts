import {
  isStaffRole,
  rolesForSection,
  userFilters,
  type AdminOverview,
  type AdminRole,
} from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { listRoles, listUsers, overview } from './admin.repository';

export const adminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/overview',
    { config: { access: { staff: rolesForSection('dashboard') } } },
    async (): Promise<AdminOverview> => {
      const counts = await overview(db);
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
      },
      config: { access: { staff: rolesForSection('users') } },
    },
    async (request) => {
      const rows = await listUsers(db, request.query.search, request.query.filter);
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
    { config: { access: { staff: rolesForSection('roles') } } },
    async (): Promise<AdminRole[]> => {
      const rows = await listRoles(db);
      return rows.map((role) => ({
        id: role.id,
        name: role.name,
        created_at: role.createdAt.toISOString(),
        permissions: role.permissions,
      }));
    },
  );
};
