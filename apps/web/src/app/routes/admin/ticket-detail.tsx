import { useParams } from 'react-router';

import { TicketDetail } from '@/features/admin/components/ticket-detail';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminTicketDetailRoute() {
  const { ticketNumber = '' } = useParams();
  useDocumentTitle(`Ticket #${ticketNumber}`);
  return <TicketDetail key={ticketNumber} number={Number(ticketNumber)} />;
}
