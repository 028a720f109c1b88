import { useParams } from 'react-router';

import { ChatbotDetail } from '@/features/admin/components/chatbot-detail';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminChatbotDetailRoute() {
  useDocumentTitle('Chatbot');
  const { botId = '' } = useParams();
  // Keyed by id, so moving from one bot to another starts with a fresh dialog and state.
  return <ChatbotDetail key={botId} botId={botId} />;
}
