import type { BotSummary } from '@askwell/shared';
import { Bot, FileText, Globe, MessagesSquare, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { isInFlight } from '@/components/knowledge/source-status';
import { ButtonLink } from '@/components/ui/button';
import { controlStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useBots } from '@/hooks/use-bots';
import { countOf, formatNumber } from '@/lib/format';

import { useSources } from '../api/get-sources';
import { useDeleteSource, useRetrySource } from '../api/source-actions';
import { useUploads } from '../hooks/use-uploads';
import { DocumentUpload } from './document-upload';
import { DocumentsTable } from './documents-table';
import { isFinished, ProcessingQueue, type QueueItem } from './processing-queue';
import { ProcessingInfo } from './processing-info';
import { QaPanel } from './qa-panel';
import { WebsitesPanel } from './websites-panel';

type KnowledgeTab = 'files' | 'websites' | 'qa';

const tabs = [
  { id: 'files', label: 'Files', icon: <FileText className="size-4" aria-hidden="true" /> },
  { id: 'websites', label: 'Websites', icon: <Globe className="size-4" aria-hidden="true" /> },
  { id: 'qa', label: 'Q&A', icon: <MessagesSquare className="size-4" aria-hidden="true" /> },
] as const;

function CountPill({ count, label, tone }: { count: number; label: string; tone: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${tone}`}
      data-testid={`count-${label}`}
    >
      {count} {label}
    </span>
  );
}

// A failed source answers nothing, so it is not counted as knowledge; it is named apart so the
// owner sees it needs attention.
function knowledgeSummary(bot: BotSummary) {
  const failed = bot.knowledge.failed;
  const usable = `${countOf(bot.sourceCount - failed, 'source')} in its knowledge`;
  return failed > 0 ? `${usable} · ${formatNumber(failed)} failed, not used for answers` : usable;
}

export function DocumentsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const bots = useBots();
  const sources = useSources();
  const uploads = useUploads();
  const retry = useRetrySource();
  const remove = useDeleteSource();
  const [tab, setTab] = useState<KnowledgeTab>('files');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const requestedBotId = searchParams.get('botId');
  const botList = bots.data ?? [];
  const selectedBot = botList.find((bot) => bot.id === requestedBotId) ?? botList[0] ?? null;

  const allSources = sources.data;
  const documents = useMemo(
    () => allSources?.filter((source) => source.kind === 'document'),
    [allSources],
  );

  const processed = documents?.filter((source) => source.status === 'completed').length ?? 0;
  const uploading = uploads.uploads.filter(
    (upload) => upload.status === 'uploading' || upload.status === 'queued',
  ).length;
  const processing = (documents?.filter(isInFlight).length ?? 0) + uploading;

  // This visit's uploads, plus whatever of the account's documents is still in flight or failed,
  // so a reload keeps showing the work that is not done.
  const queue = useMemo<QueueItem[]>(() => {
    const sessionSourceIds = new Set(uploads.uploads.flatMap((upload) => upload.sourceIds));
    const pending: QueueItem[] = uploads.uploads
      .filter((upload) => upload.sourceIds.length === 0 && !dismissed.has(upload.id))
      .map((upload) => ({ kind: 'upload', key: upload.id, upload }));
    const fromServer: QueueItem[] = (documents ?? [])
      .filter(
        (source) =>
          !dismissed.has(source.id) &&
          (sessionSourceIds.has(source.id) || source.status !== 'completed'),
      )
      .map((source) => ({ kind: 'source', key: source.id, source }));
    return [...pending, ...fromServer];
  }, [documents, uploads.uploads, dismissed]);

  const markBusy = (key: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const onRemove = (item: QueueItem) => {
    if (item.kind === 'upload') {
      uploads.dismiss([item.upload.id]);
      return;
    }
    markBusy(item.key, true);
    remove.mutate(item.source.id, {
      onSuccess: () => toast.success(`${item.source.name} was removed`),
      onError: (error) => toast.error(error.message),
      onSettled: () => markBusy(item.key, false),
    });
  };

  const onRetry = (item: QueueItem) => {
    if (item.kind === 'upload') {
      uploads.retry(item.upload.id);
      return;
    }
    markBusy(item.key, true);
    retry.mutate(item.source.id, {
      onError: (error) => toast.error(error.message),
      onSettled: () => markBusy(item.key, false),
    });
  };

  const onClearAll = () => {
    const finished = queue.filter(isFinished);
    uploads.dismiss(finished.flatMap((item) => (item.kind === 'upload' ? [item.key] : [])));
    setDismissed((current) => new Set([...current, ...finished.map((item) => item.key)]));
  };

  const selectBot = (botId: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('botId', botId);
    setSearchParams(next, { replace: true });
  };

  const botSources = (allSources ?? []).filter((source) => source.botId === selectedBot?.id);

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="Documents"
        description="Upload and manage documents for your chatbots"
        actions={
          <>
            <CountPill
              count={processed}
              label="processed"
              tone="bg-green-50 text-green-800 ring-green-200"
            />
            <CountPill
              count={processing}
              label="processing"
              tone="bg-amber-50 text-amber-800 ring-amber-200"
            />
          </>
        }
      />

      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {bots.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading your chatbots...
          </p>
        ) : bots.isError ? (
          <p role="alert" className="text-sm text-red-800">
            Your chatbots could not be loaded: {bots.error.message}
          </p>
        ) : botList.length === 0 ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
                <Bot className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900">Create a chatbot first</p>
                <p className="text-sm text-slate-600">
                  Documents become the knowledge of a chatbot, so you need one to upload to.
                </p>
              </div>
            </div>
            <ButtonLink to="/dashboard/bots/new" className="shrink-0">
              <Plus className="size-4" aria-hidden="true" />
              Create a chatbot
            </ButtonLink>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <label htmlFor="documents-bot" className="text-sm font-semibold text-slate-900">
              Chatbot
            </label>
            <select
              id="documents-bot"
              value={selectedBot?.id ?? ''}
              onChange={(event) => selectBot(event.target.value)}
              className={controlStyles(false, 'sm:max-w-sm')}
            >
              {botList.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name}
                </option>
              ))}
            </select>
            {selectedBot && (
              <p className="text-sm text-slate-600" data-testid="knowledge-count">
                {knowledgeSummary(selectedBot)}
              </p>
            )}
          </div>
        )}
      </section>

      <Tabs
        idPrefix="knowledge"
        label="Knowledge type"
        tabs={tabs}
        selected={tab}
        onSelect={setTab}
        className="sm:max-w-md"
      />

      {tab === 'files' && (
        <TabPanel idPrefix="knowledge" tab="files" className="space-y-6">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0 space-y-6">
              <DocumentUpload
                disabled={!selectedBot}
                botName={selectedBot?.name ?? null}
                onFiles={(files) => selectedBot && uploads.start(selectedBot.id, files)}
              />
              <ProcessingQueue
                items={queue}
                busyIds={busy}
                onRemove={onRemove}
                onRetry={onRetry}
                onClearAll={onClearAll}
              />
            </div>
            <ProcessingInfo />
          </div>
          <DocumentsTable documents={documents} loading={sources.isPending} error={sources.error} />
        </TabPanel>
      )}
      {tab === 'websites' && (
        <TabPanel idPrefix="knowledge" tab="websites">
          {selectedBot ? (
            <WebsitesPanel
              botId={selectedBot.id}
              websites={botSources.filter((source) => source.kind === 'website')}
            />
          ) : (
            <p className="rounded-2xl bg-white px-6 py-10 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
              Create a chatbot to add websites to its knowledge.
            </p>
          )}
        </TabPanel>
      )}
      {tab === 'qa' && (
        <TabPanel idPrefix="knowledge" tab="qa">
          {selectedBot ? (
            <QaPanel
              botId={selectedBot.id}
              sets={botSources.filter((source) => source.kind === 'qa')}
            />
          ) : (
            <p className="rounded-2xl bg-white px-6 py-10 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
              Create a chatbot to add questions and answers to its knowledge.
            </p>
          )}
        </TabPanel>
      )}
    </div>
  );
}
