import { LifeBuoy } from 'lucide-react';

import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { AdminPanel } from '@/features/admin/components/admin-panel';
import { EmptyState } from '@/features/admin/components/empty-state';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminTicketsRoute() {
  useDocumentTitle('Support Tickets');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Support Tickets"
        description="Questions and problems customers raise with the Askwell team."
      />
      <AdminPanel>
        <EmptyState icon={LifeBuoy} title="Not available yet">
          Support tickets are not built yet: customers cannot open one, so there is nothing to list
          here.
        </EmptyState>
      </AdminPanel>
    </div>
  );
}
