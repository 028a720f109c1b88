import { ScrollText } from 'lucide-react';

import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { EmptyTable } from '@/features/admin/components/empty-table';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminLogsRoute() {
  useDocumentTitle('Audit Logs');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Audit Logs"
        description="Who changed what in the admin area, from which address, newest first."
      />
      <AdminPanel>
        <EmptyTable
          caption="Audit logs"
          columns={['Timestamp', 'Admin', 'Action', 'IP Address', 'Details']}
          icon={ScrollText}
          emptyTitle="No logs found"
        >
          Every change a staff member makes to users, chatbots or settings is recorded here.
        </EmptyTable>
      </AdminPanel>
    </div>
  );
}
