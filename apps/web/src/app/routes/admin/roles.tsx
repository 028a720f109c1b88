import { RolesList } from '@/features/admin/components/roles-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminRolesRoute() {
  useDocumentTitle('Roles & Permissions');
  return <RolesList />;
}
