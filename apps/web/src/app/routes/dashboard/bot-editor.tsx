import { ArrowLeft, SearchX } from 'lucide-react';
import { useParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useBot } from '@/features/bots/api/get-bot';
import { BotEditor } from '@/features/bots/components/bot-editor';
import { useAccountPlan } from '@/features/plans/api/account-plan';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useSourceProgressSync } from '@/lib/realtime';

function EditBot({
  botId,
  removeBranding,
}: {
  botId: string;
  removeBranding: boolean | undefined;
}) {
  const bot = useBot(botId);

  if (bot.data) {
    return (
      <BotEditor
        key={bot.data.id}
        bot={bot.data}
        title="Edit Chatbot"
        removeBranding={removeBranding}
      />
    );
  }

  const notFound = bot.error instanceof ApiError && bot.error.status === 404;
  return (
    <div className="space-y-8">
      <DashboardPageHeader title="Edit Chatbot" />
      {bot.isPending ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-2xl bg-white px-6 py-14 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
        >
          <Spinner className="size-5 text-brand-700" />
          Loading chatbot...
        </div>
      ) : (
        <section
          role="alert"
          className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200"
        >
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <SearchX className="size-6" aria-hidden="true" />
          </div>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">
            {notFound ? 'Chatbot not found' : 'The chatbot could not be loaded'}
          </h2>
          <p className="mx-auto mt-1.5 max-w-md text-sm text-slate-600">
            {notFound
              ? 'This chatbot does not exist or belongs to another account. It may have been deleted.'
              : bot.error?.message}
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            {!notFound && (
              <Button variant="secondary" onClick={() => bot.refetch()}>
                Try again
              </Button>
            )}
            <ButtonLink to="/dashboard/bots">
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to chatbots
            </ButtonLink>
          </div>
        </section>
      )}
    </div>
  );
}

export function BotEditorRoute() {
  const { botId } = useParams();
  const creating = !botId || botId === 'new';
  useDocumentTitle(creating ? 'Create New Chatbot' : 'Edit Chatbot');
  useSourceProgressSync();
  const removeBranding = useAccountPlan().data?.limits.removeBranding;

  return creating ? (
    <BotEditor key="new" bot={null} title="Create New Chatbot" removeBranding={removeBranding} />
  ) : (
    <EditBot botId={botId} removeBranding={removeBranding} />
  );
}
