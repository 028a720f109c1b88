import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { ChatbotsList } from '@/features/admin/components/chatbots-list';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AdminChatbotsRoute() {
  useDocumentTitle('Chatbots');
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Chatbots"
        description="Every chatbot customers build on Askwell, newest first. Search by name or description."
      />
      <ChatbotsList />
    </div>
  );
}
