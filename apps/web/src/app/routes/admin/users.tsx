import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { UsersList } from '@/features/admin/components/users-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminUsersRoute() {
  useDocumentTitle('Users');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Users"
        description="Every account on Askwell, newest first. Search by name or e-mail."
      />
      <UsersList />
    </div>
  );
}
