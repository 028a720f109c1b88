import { AdminLayout } from '@/components/layouts/admin-layout';
import { RequireAdmin } from '@/lib/authorization';

export function AdminShell() {
  return (
    <RequireAdmin>
      <AdminLayout />
    </RequireAdmin>
  );
}
