import { hasPermissions } from '@askwell/shared';
import { UserPlus } from 'lucide-react';

import { ButtonLink } from '@/components/ui/button';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { UsersList } from '@/features/admin/components/users-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfile } from '@/lib/auth';

export function AdminUsersRoute() {
  useDocumentTitle('Users');
  const profile = useProfile().data;
  const canAdd = profile
    ? hasPermissions(profile.role, profile.permissions, ['manage_users'])
    : false;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Users"
        description="Every account on Askwell, newest first. Search by name or e-mail."
        actions={
          canAdd && (
            <ButtonLink to="/admin/users/new">
              <UserPlus className="size-4" aria-hidden="true" />
              Add User
            </ButtonLink>
          )
        }
      />
      <UsersList />
    </div>
  );
}
