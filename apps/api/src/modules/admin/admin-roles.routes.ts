import { rolePermissionsInputSchema, rolesForSection, type AdminRole } from '@askwell/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { auditActorOf } from '../audit/audit.service';
import type { AdminRolesService } from './admin-roles.service';

const roleResponse = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  permissions: z.record(z.string(), z.boolean()),
}) satisfies z.ZodType<AdminRole>;

// Editing a role's permissions (the list itself is GET /api/admin/roles in admin.routes.ts).
export const adminRolesRoutes: FastifyPluginAsyncZod<{ adminRoles: AdminRolesService }> = async (
  app,
  { adminRoles },
) => {
  app.put(
    '/api/admin/roles/:roleId/permissions',
    {
      schema: {
        params: z.object({ roleId: z.uuid({ error: 'No role with this id.' }) }),
        body: rolePermissionsInputSchema,
        response: { 200: roleResponse },
      },
      config: {
        access: { staff: rolesForSection('roles'), permissions: ['manage_roles'] },
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      const role = await adminRoles.updatePermissions(
        auditActorOf(request),
        request.params.roleId,
        request.body,
      );
      if (!role) throw new AppError('not_found', 'No role with this id. It may have been deleted.');
      return role;
    },
  );
};
