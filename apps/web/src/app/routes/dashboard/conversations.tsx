import { ConversationsPage } from '@/features/conversations/components/conversations-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ConversationsRoute() {
  useDocumentTitle('Conversations');
  return <ConversationsPage />;
}
