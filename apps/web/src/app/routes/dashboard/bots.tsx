import { Bot, Plus } from 'lucide-react';

import { DashboardComingSoon } from '@/components/layouts/dashboard-coming-soon';
import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function BotsRoute() {
  useDocumentTitle('Chatbots');

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Chatbots"
        description="Create, train and manage the chatbots on your websites"
        actions={
          <ButtonLink to="/dashboard/bots/new">
            <Plus className="size-4" aria-hidden="true" />
            Create New Chatbot
          </ButtonLink>
        }
      />
      <DashboardComingSoon
        icon={<Bot className="size-6" aria-hidden="true" />}
        title="Your chatbots will be listed here"
      >
        <p>
          Saving, training and managing chatbots arrives in an upcoming release. Each chatbot you
          create will appear here with its status, training progress and the websites it runs on.
        </p>
      </DashboardComingSoon>
    </div>
  );
}
