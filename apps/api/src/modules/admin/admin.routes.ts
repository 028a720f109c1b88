import { rolesForSection, type AdminOverview, type AdminRole } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminService } from './admin.service';

const adminOverviewSchema = z.object({
  total_users: z.number(),
  active_bots: z.number(),
  total_chats: z.number(),
  new_users_this_month: z.number(),
}) satisfies z.ZodType<AdminOverview>;

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
    async (): Promise<AdminOverview> => admin.overview(),
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
