import { NewTicketForm } from '@/features/tickets/components/new-ticket-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function HelpNewRoute() {
  useDocumentTitle('New ticket');
  return <NewTicketForm />;
}
