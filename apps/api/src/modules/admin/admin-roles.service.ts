import {
  editablePermissions,
  editableRoles,
  roleLabels,
  type AdminRole,
  type RolePermissionsInput,
} from '@askwell/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditService } from '../audit/audit.service';
import { findRole, setRolePermissions } from './admin-roles.repository';

type RoleRow = NonNullable<Awaited<ReturnType<typeof findRole>>>;

export function toAdminRole(row: RoleRow): AdminRole {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    permissions: row.permissions,
  };
}

function permissionLabel(name: string) {
  return name.replaceAll('_', ' ');
}

// Roles & Permissions: a super admin grants or withdraws the named permissions of the two other
// staff roles. The access check reads a role's permissions from the table on every request
// (auth/profile.ts permissionsOf, no cache), so a change holds from the next request on.
export class AdminRolesService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  // Null for an unknown role.
  async updatePermissions(actor: AuditActor, roleId: string, input: RolePermissionsInput) {
    return this.db.transaction(async (tx) => {
      const role = await findRole(tx, roleId);
      if (!role) return null;
      if (!(editableRoles as readonly string[]).includes(role.name)) {
        throw new AppError(
          'forbidden',
          'The super_admin role keeps every permission (admin.all) and cannot be edited.',
        );
      }
      const before = role.permissions;
      const next: Record<string, boolean> = { ...before, 'admin.all': false };
      for (const name of editablePermissions) {
        if (input.permissions[name] !== undefined) next[name] = input.permissions[name];
      }
      const granted = editablePermissions.filter((name) => next[name] && !before[name]);
      const withdrawn = editablePermissions.filter((name) => !next[name] && before[name]);
      if (granted.length === 0 && withdrawn.length === 0) return toAdminRole(role);
      const updated = await setRolePermissions(tx, roleId, next);
      const label = roleLabels[role.name as keyof typeof roleLabels] ?? role.name;
      const parts = [
        granted.length ? `granted ${granted.map(permissionLabel).join(', ')}` : null,
        withdrawn.length ? `withdrew ${withdrawn.map(permissionLabel).join(', ')}` : null,
      ].filter(Boolean);
      await this.audit.record(
        actor,
        {
          action: 'role.permissions_change',
          target: { type: 'role', id: roleId },
          details: {
            message: `Changed the permissions of ${label}: ${parts.join('; ')}`,
            role: role.name,
            granted,
            withdrawn,
          },
        },
        tx,
      );
      return toAdminRole(updated!);
    });
  }
}
