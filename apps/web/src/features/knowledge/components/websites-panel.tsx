import {
  syncSchedules,
  websiteSourceInputSchema,
  type KnowledgeSource,
  type SyncSchedule,
  type WebsitePage,
} from '@askwell/shared';
import clsx from 'clsx';
import { ChevronDown, Globe, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';

import { SourceStatusBadge } from '@/components/knowledge/source-status';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

import { useAddWebsite } from '../api/add-website';
import { useSourcePages } from '../api/get-source-pages';
import { useDeleteSource, useSyncSource, useUpdateSchedule } from '../api/source-actions';
import { countOf, formatDateTime } from '@/lib/format';

const scheduleLabels: Record<SyncSchedule, string> = {
  manual: 'Manual',
  daily: 'Daily',
  weekly: 'Weekly',
};

const pageStatusStyles: Record<WebsitePage['status'], string> = {
  indexed: 'bg-green-50 text-green-800 ring-green-200',
  unchanged: 'bg-slate-100 text-slate-700 ring-slate-200',
  skipped: 'bg-amber-50 text-amber-800 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  removed: 'bg-slate-100 text-slate-500 ring-slate-200',
};

function AddWebsiteForm({ botId }: { botId: string }) {
  const addWebsite = useAddWebsite(botId);
  const [url, setUrl] = useState('');
  const [schedule, setSchedule] = useState<SyncSchedule>('manual');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = websiteSourceInputSchema.safeParse({ url, syncSchedule: schedule });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    addWebsite.mutate(
      { url: parsed.data.url, syncSchedule: parsed.data.syncSchedule },
      {
        onSuccess: () => {
          setUrl('');
          toast.success('Website added. Its pages are being read.');
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toast.error(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 p-5 sm:p-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <FormField
          id="website-url"
          label="Website address"
          error={errors.url}
          hint="Pages under this address are read, up to 100 pages."
        >
          {(a11y) => (
            <input
              {...a11y}
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://www.example.com/help"
              className={controlStyles(a11y['aria-invalid'])}
            />
          )}
        </FormField>
        <FormField id="website-schedule" label="Sync" error={errors.syncSchedule}>
          {(a11y) => (
            <select
              {...a11y}
              value={schedule}
              onChange={(event) => setSchedule(event.target.value as SyncSchedule)}
              className={controlStyles(a11y['aria-invalid'])}
            >
              {syncSchedules.map((item) => (
                <option key={item} value={item}>
                  {scheduleLabels[item]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={addWebsite.isPending}>
        {addWebsite.isPending ? (
          <Spinner className="size-4" />
        ) : (
          <Plus className="size-4" aria-hidden="true" />
        )}
        Add website
      </Button>
    </form>
  );
}

function PagesList({ sourceId }: { sourceId: string }) {
  const pages = useSourcePages(sourceId);
  if (pages.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading pages...
      </p>
    );
  }
  if (pages.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        Pages could not be loaded: {pages.error.message}
      </p>
    );
  }
  if (pages.data.length === 0) {
    return <p className="text-sm text-slate-600">No pages have been read yet.</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
      {pages.data.map((page) => (
        <li
          key={page.id}
          className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-center sm:gap-3"
        >
          <div className="min-w-0 flex-1">
            <a
              href={page.url}
              target="_blank"
              rel="noreferrer noopener"
              className="block truncate text-sm font-medium text-brand-800 hover:underline"
              title={page.url}
            >
              {page.title || page.url}
            </a>
            {page.detail && <p className="truncate text-xs text-slate-500">{page.detail}</p>}
          </div>
          <div className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 font-semibold capitalize ring-1 ring-inset',
                pageStatusStyles[page.status],
              )}
            >
              {page.status}
            </span>
            {countOf(page.chunkCount, 'chunk')}
          </div>
        </li>
      ))}
    </ul>
  );
}

function WebsiteRow({ source, onDelete }: { source: KnowledgeSource; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const sync = useSyncSource();
  const schedule = useUpdateSchedule();
  const pagesId = `website-pages-${source.id}`;
  const scheduleId = `website-schedule-${source.id}`;
  return (
    <li className="px-5 py-4 sm:px-6" data-testid="website-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
            <Globe className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900" title={source.url ?? ''}>
              {source.url ?? source.name}
            </p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
              <SourceStatusBadge source={source} />
              <span>{countOf(source.pageCount, 'page')}</span>
              <span aria-hidden="true">·</span>
              <span>
                {source.lastSyncedAt
                  ? `Last synced ${formatDateTime(source.lastSyncedAt)}`
                  : 'Not synced yet'}
              </span>
            </p>
            {source.status === 'failed' && source.error && (
              <p className="mt-1 text-sm text-red-700">{source.error}</p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 pl-12 sm:pl-0">
          <label htmlFor={scheduleId} className="sr-only">
            Re-sync schedule for {source.url ?? source.name}
          </label>
          <select
            id={scheduleId}
            value={source.syncSchedule ?? 'manual'}
            disabled={schedule.isPending}
            onChange={(event) =>
              schedule.mutate(
                { id: source.id, syncSchedule: event.target.value as SyncSchedule },
                {
                  onSuccess: (updated) =>
                    toast.success(
                      updated.syncSchedule === 'manual'
                        ? 'This website is synced only when you ask.'
                        : `This website is synced ${updated.syncSchedule === 'daily' ? 'every day' : 'every week'}.`,
                    ),
                  onError: (error) => toast.error(error.message),
                },
              )
            }
            className="h-9 rounded-lg bg-white pr-8 pl-2.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-700 focus:outline-none disabled:opacity-60"
          >
            {syncSchedules.map((item) => (
              <option key={item} value={item}>
                {scheduleLabels[item]} sync
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            size="sm"
            disabled={sync.isPending || source.status === 'processing'}
            onClick={() =>
              sync.mutate(source.id, {
                onSuccess: () => toast.success('Sync started'),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            <RefreshCw
              className={clsx('size-4', sync.isPending && 'animate-spin')}
              aria-hidden="true"
            />
            Sync now
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={pagesId}
            onClick={() => setOpen(!open)}
          >
            Pages
            <ChevronDown
              className={clsx('size-4 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="px-2.5 hover:text-red-700"
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            <span className="sr-only">Delete {source.url ?? source.name}</span>
          </Button>
        </div>
      </div>
      {open && (
        <div id={pagesId} className="mt-3 sm:pl-12">
          <PagesList sourceId={source.id} />
        </div>
      )}
    </li>
  );
}

type WebsitesPanelProps = {
  botId: string;
  websites: KnowledgeSource[];
};

export function WebsitesPanel({ botId, websites }: WebsitesPanelProps) {
  const remove = useDeleteSource();
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  return (
    <div className="space-y-6">
      <Panel
        title="Add a website"
        description="Your chatbot learns from the pages of your site and keeps them in sync."
        icon={<Globe className="size-5" aria-hidden="true" />}
      >
        <AddWebsiteForm key={botId} botId={botId} />
      </Panel>
      <Panel title="Websites">
        {websites.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-slate-600">
            No websites yet for this chatbot.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Websites">
            {websites.map((source) => (
              <WebsiteRow key={source.id} source={source} onDelete={() => setDeleting(source)} />
            ))}
          </ul>
        )}
      </Panel>
      <ConfirmDialog
        open={deleting !== null}
        title="Remove this website?"
        confirmLabel="Remove website"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Website removed'),
            onError: (error) => toast.error(error.message),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          The pages read from{' '}
          <strong className="font-semibold break-words text-slate-900">{deleting?.url}</strong> are
          removed from your chatbot&apos;s knowledge.
        </p>
      </ConfirmDialog>
    </div>
  );
}
