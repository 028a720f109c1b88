import { Plus } from 'lucide-react';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { ButtonLink } from '@/components/ui/button';
import { BotsList } from '@/features/bots/components/bots-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSourceProgressSync } from '@/lib/realtime';

export function BotsRoute() {
  useDocumentTitle('Chatbots');
  useSourceProgressSync();

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title="Chatbots"
        description="Create, train and manage the chatbots on your websites"
        actions={
          <ButtonLink to="/dashboard/bots/new">
            <Plus className="size-4" aria-hidden="true" />
            Create
          </ButtonLink>
        }
      />
      <BotsList />
    </div>
  );
}
