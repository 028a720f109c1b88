import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { StaffNotices } from '@/features/admin/components/staff-notices';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminNotificationsRoute() {
  useDocumentTitle('Notifications');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Notifications"
        description="Announcements to customers: maintenance, incidents and news."
      />
      <StaffNotices />
    </div>
  );
}
