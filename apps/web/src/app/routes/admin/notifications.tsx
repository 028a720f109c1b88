import { Bell } from 'lucide-react';

import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { EmptyState } from '@/features/admin/components/empty-state';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminNotificationsRoute() {
  useDocumentTitle('Notifications');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Notifications"
        description="System alerts for the staff team, newest first."
      />
      <AdminPanel>
        <EmptyState icon={Bell} title="No notifications">
          Alerts about failed training jobs, payment problems and unusual sign-in activity will be
          listed here, with their severity, as they happen.
        </EmptyState>
      </AdminPanel>
    </div>
  );
}
