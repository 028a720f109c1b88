import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

import { AddUserForm } from '@/features/admin/components/add-user-form';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { RequireAdmin } from '@/lib/authorization';

export function AdminUsersNewRoute() {
  useDocumentTitle('Add User');
  return (
    <RequireAdmin section="users" permissions={['manage_users']}>
      <div className="space-y-6">
        <Link
          to="/admin/users"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Users
        </Link>
        <AdminPageHeader
          title="Add User"
          description="Creates a verified customer account and emails the person a link to set their password."
        />
        <AddUserForm />
      </div>
    </RequireAdmin>
  );
}
