import { useParams } from 'react-router';

import { TicketPage } from '@/features/tickets/components/ticket-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function HelpTicketRoute() {
  const { ticketNumber = '' } = useParams();
  useDocumentTitle(`Ticket #${ticketNumber}`);
  return <TicketPage key={ticketNumber} number={Number(ticketNumber)} />;
}
