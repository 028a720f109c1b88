import { AdminLayout } from '@/components/layouts/admin-layout';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { RequireAdmin } from '@/lib/authorization';

import { ErrorScreen } from './error-screen';

// An unknown address or a failing page inside an area keeps that area's sidebar and header, so
// the way out is one click away instead of the marketing home.
export function DashboardErrorShell() {
  return (
    <DashboardLayout>
      <ErrorScreen area="dashboard" />
    </DashboardLayout>
  );
}

// The error replaces the admin route's own element, guard included: the guard is repeated so a
// customer who mistypes an admin address is still refused rather than shown the admin shell.
export function AdminErrorShell() {
  return (
    <RequireAdmin>
      <AdminLayout>
        <ErrorScreen area="admin" />
      </AdminLayout>
    </RequireAdmin>
  );
}
