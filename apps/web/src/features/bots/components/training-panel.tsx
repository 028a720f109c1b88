import type { KnowledgeSource, TrainingState } from '@askwell/shared';
import clsx from 'clsx';
import {
  Check,
  CircleAlert,
  FileText,
  Globe,
  Info,
  MessagesSquare,
  Plus,
  Sparkles,
} from 'lucide-react';
import toast from 'react-hot-toast';

import { SourceStatusBadge } from '@/components/knowledge/source-status';
import { Button, ButtonLink } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { countOf } from '@/lib/format';

import { useBotSources } from '../api/get-bot-sources';
import { useStartTraining, useTraining } from '../api/get-training';
import { trainingMessage } from '../lib/training-message';
import { SaveButton, type SaveState } from './save-button';

const kindIcons = { document: FileText, website: Globe, qa: MessagesSquare } as const;

function SourceRow({ source }: { source: KnowledgeSource }) {
  const Icon = kindIcons[source.kind];
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{source.name}</p>
          {source.status === 'failed' && source.error ? (
            <p className="text-sm text-red-700">{source.error}</p>
          ) : (
            <p className="text-xs text-slate-500">
              {source.kind === 'document'
                ? (source.documentType?.toUpperCase() ?? 'Document')
                : source.kind === 'website'
                  ? `Website · ${countOf(source.pageCount, 'page')}`
                  : 'Q&A'}
              {source.status === 'completed' && ` · ${countOf(source.chunkCount, 'chunk')}`}
            </p>
          )}
        </div>
      </div>
      <div className="pl-12 sm:pl-0">
        <SourceStatusBadge source={source} />
      </div>
    </li>
  );
}

const stepStyles = {
  complete: 'bg-green-600 text-white',
  in_progress: 'bg-brand-700 text-white',
  pending: 'bg-slate-200 text-slate-600',
  failed: 'bg-red-600 text-white',
} as const;

const stepLabels = {
  complete: 'Complete',
  in_progress: 'In progress',
  pending: 'Pending',
  failed: 'Failed',
} as const;

function TrainingSteps({ state }: { state: TrainingState }) {
  return (
    <ol className="space-y-4" aria-label="Training steps">
      {state.steps.map((step, index) => (
        <li key={step.name} className="flex gap-3">
          <span
            className={clsx(
              'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
              stepStyles[step.status],
            )}
          >
            {step.status === 'complete' ? (
              <Check className="size-4" aria-hidden="true" />
            ) : step.status === 'failed' ? (
              <CircleAlert className="size-4" aria-hidden="true" />
            ) : (
              index + 1
            )}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p className="text-sm font-semibold text-slate-900">{step.name}</p>
              <p className="text-xs font-medium text-slate-600">
                {stepLabels[step.status]}
                {step.status === 'in_progress' && ` (${Math.round(step.progress)}%)`}
              </p>
            </div>
            <ProgressBar
              className="mt-2"
              label={step.name}
              value={step.status === 'complete' ? 100 : step.progress}
              tone={
                step.status === 'complete' ? 'green' : step.status === 'failed' ? 'red' : 'brand'
              }
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

type TrainingPanelProps = {
  botId: string | null;
  saveState: SaveState;
  onSave: () => void;
};

export function TrainingPanel({ botId, saveState, onSave }: TrainingPanelProps) {
  if (!botId) {
    return (
      <div className="space-y-6">
        <div className="flex gap-3 rounded-lg bg-brand-50 p-4 text-sm font-medium text-brand-900 ring-1 ring-brand-200">
          <Info className="mt-px size-5 shrink-0" aria-hidden="true" />
          <p>
            Save your chatbot first. Once it is saved you can add documents, websites and Q&amp;A to
            its knowledge and train it here.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <SaveButton state={saveState} onClick={onSave} label="Save Chatbot" />
        </div>
      </div>
    );
  }
  return <TrainingDetails botId={botId} saveState={saveState} onSave={onSave} />;
}

function TrainingDetails({ botId, saveState, onSave }: TrainingPanelProps & { botId: string }) {
  const sources = useBotSources(botId);
  const training = useTraining(botId);
  const startTraining = useStartTraining(botId);
  const running = Boolean(training.data?.running) || startTraining.isPending;

  return (
    <div className="space-y-8">
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-labelledby="training-sources-title" className="min-w-0">
          <h3 id="training-sources-title" className="text-sm font-semibold text-slate-900">
            Knowledge sources
          </h3>
          <div className="mt-3 overflow-hidden rounded-xl ring-1 ring-slate-200">
            {sources.isPending ? (
              <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
                <Spinner className="size-4" /> Loading sources...
              </p>
            ) : sources.isError ? (
              <p role="alert" className="p-4 text-sm text-red-800">
                Sources could not be loaded: {sources.error.message}
              </p>
            ) : sources.data.length === 0 ? (
              <div className="px-4 py-8 text-center">
                <p className="text-sm font-semibold text-slate-900">No sources yet</p>
                <p className="mt-1 text-sm text-slate-600">
                  Add documents, a website or Q&amp;A so your chatbot has something to answer from.
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Knowledge sources">
                {sources.data.map((source) => (
                  <SourceRow key={source.id} source={source} />
                ))}
              </ul>
            )}
          </div>
        </section>
        <section aria-labelledby="training-steps-title" className="min-w-0">
          <h3 id="training-steps-title" className="text-sm font-semibold text-slate-900">
            Training progress
          </h3>
          <div className="mt-3 rounded-xl p-4 ring-1 ring-slate-200">
            {training.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4" /> Loading training status...
              </p>
            ) : training.isError ? (
              <p role="alert" className="text-sm text-red-800">
                Training status could not be loaded: {training.error.message}
              </p>
            ) : (
              <TrainingSteps state={training.data} />
            )}
          </div>
        </section>
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:flex-wrap">
        <SaveButton state={saveState} onClick={onSave} label="Save Chatbot" variant="secondary" />
        <Button
          onClick={() =>
            startTraining.mutate(undefined, {
              onSuccess: ({ run }) => {
                const message = trainingMessage(run);
                if (message.tone === 'success') toast.success(message.text, { id: 'training' });
                else toast(message.text, { id: 'training' });
              },
              onError: (error) => toast.error(error.message),
            })
          }
          disabled={running}
          data-testid="start-training"
        >
          {running ? (
            <Spinner className="size-4" />
          ) : (
            <Sparkles className="size-4" aria-hidden="true" />
          )}
          {running ? 'Training...' : 'Start Training'}
        </Button>
        <ButtonLink
          variant="secondary"
          to={`/dashboard/documents?${new URLSearchParams({ botId }).toString()}`}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add Source
        </ButtonLink>
      </div>
    </div>
  );
}
