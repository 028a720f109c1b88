import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { TicketsList } from '@/features/admin/components/tickets-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminTicketsRoute() {
  useDocumentTitle('Support Tickets');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Support Tickets"
        description="Questions and problems customers raise with the Askwell team, most recently active first."
      />
      <TicketsList />
    </div>
  );
}
