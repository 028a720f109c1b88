import { HelpPage } from '@/features/tickets/components/help-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function HelpRoute() {
  useDocumentTitle('Help');
  return <HelpPage />;
}
