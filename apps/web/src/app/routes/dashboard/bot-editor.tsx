import { ArrowLeft, Sparkles } from 'lucide-react';
import { useParams } from 'react-router';

import { DashboardComingSoon } from '@/components/layouts/dashboard-coming-soon';
import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function BotEditorRoute() {
  const { botId } = useParams();
  const creating = !botId || botId === 'new';
  const title = creating ? 'Create New Chatbot' : 'Edit Chatbot';
  useDocumentTitle(title);

  return (
    <div className="space-y-8">
      <DashboardPageHeader
        title={title}
        description="Basic information, personality and goals, widget appearance and training"
        actions={
          <ButtonLink to="/dashboard/bots" variant="secondary">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to chatbots
          </ButtonLink>
        }
      />
      <DashboardComingSoon
        icon={<Sparkles className="size-6" aria-hidden="true" />}
        title="The chatbot editor is on its way"
      >
        <p>
          Soon you will set your chatbot&apos;s name, tone and goal, style its widget, and train it
          on your documents and website here. Meanwhile, get your documents ready: they become its
          knowledge.
        </p>
      </DashboardComingSoon>
    </div>
  );
}
