import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { SystemConfiguration } from '@/features/admin/components/settings/system-configuration';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminSettingsRoute() {
  useDocumentTitle('Settings');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Settings"
        description="Platform-wide configuration: the site's name and contact address, staff sign-in security and the payment providers."
      />
      <SystemConfiguration />
    </div>
  );
}
