import { LeadsPage } from '@/features/leads/components/leads-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function LeadsRoute() {
  useDocumentTitle('Leads');
  return <LeadsPage />;
}
