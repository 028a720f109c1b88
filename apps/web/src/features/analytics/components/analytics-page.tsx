import type { AnalyticsReport } from '@askwell/shared';
import { CalendarRange, Download } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { DashboardPageHeader } from '@/components/layouts/dashboard-page-header';
import { Button } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import {
  isCompleteRange,
  useAnalytics,
  useAnalyticsSync,
  type AnalyticsFilters,
} from '@/hooks/use-analytics';
import { useBots } from '@/hooks/use-bots';
import { formatDate } from '@/lib/format';

import { analyticsCsvFileName, buildAnalyticsCsv } from '../lib/csv';
import { downloadCsv } from '../lib/download';
import { analyticsSearchParams, readAnalyticsFilters } from '../lib/filters';
import { calendarDay } from '../lib/labels';
import { AnalyticsControls } from './analytics-controls';
import { AnalyticsReportView } from './analytics-report';

function ReportSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-700" />
        Loading...
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="mt-2 h-4 w-28 animate-pulse rounded bg-slate-200" />
            <div className="mt-3 h-8 w-16 animate-pulse rounded bg-slate-200" />
            <div className="mt-3 h-4 w-40 max-w-full animate-pulse rounded bg-slate-100" />
          </div>
        ))}
      </div>
      <div
        className="h-80 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        aria-hidden="true"
      />
    </div>
  );
}

function PeriodLine({ report, updating }: { report: AnalyticsReport; updating: boolean }) {
  const from = formatDate(calendarDay(report.from));
  const to = formatDate(calendarDay(report.to));
  const previousFrom = formatDate(calendarDay(report.previousFrom));
  const previousTo = formatDate(calendarDay(report.previousTo));
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <p className="flex items-center gap-1.5">
        <CalendarRange className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          {from === to ? from : `${from} – ${to}`}
          <span className="text-slate-500">
            {' '}
            (compared with{' '}
            {previousFrom === previousTo ? previousFrom : `${previousFrom} – ${previousTo}`})
          </span>
        </span>
      </p>
      {updating && (
        <p role="status" className="flex items-center gap-1.5 text-slate-500">
          <Spinner className="size-3.5" />
          Updating...
        </p>
      )}
    </div>
  );
}

export function AnalyticsPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = readAnalyticsFilters(searchParams);
  const analytics = useAnalytics(filters);
  const bots = useBots();
  useAnalyticsSync();

  const setFilters = useCallback(
    (next: AnalyticsFilters) => {
      void navigate(`?${analyticsSearchParams(next).toString()}`, {
        // Replaced rather than pushed: Back leaves the page instead of stepping through filters.
        replace: true,
        preventScrollReset: true,
      });
    },
    [navigate],
  );

  const report = analytics.data;
  // The report on screen may still be the one before a filter change, so its own bot is named.
  const botName = report?.botId
    ? (bots.data?.find((bot) => bot.id === report.botId)?.name ?? report.botId)
    : null;

  const exportCsv = () => {
    if (!report) return;
    downloadCsv(buildAnalyticsCsv(report, { botName }), analyticsCsvFileName(report));
  };

  const retry = <RetryButton query={analytics} />;

  let body;
  if (!isCompleteRange(filters)) {
    body = (
      <p className="rounded-2xl bg-white px-6 py-14 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        Choose the first and last day of the range, then select Apply.
      </p>
    );
  } else if (analytics.isPending) {
    body = <ReportSkeleton />;
  } else if (!report) {
    body = (
      <div
        role="alert"
        className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200"
      >
        <p className="text-sm text-red-800">
          The analytics could not be loaded: {analytics.error?.message}
        </p>
        <div className="mt-4 flex justify-center">{retry}</div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        {analytics.isError && (
          // A refresh failed: the last figures stay, with a way to fetch them again.
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
          >
            <p className="min-w-0">
              The latest figures could not be loaded: {analytics.error.message}
            </p>
            {retry}
          </div>
        )}
        <PeriodLine report={report} updating={analytics.isPlaceholderData} />
        <AnalyticsReportView report={report} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <DashboardPageHeader
        title="Analytics"
        description="How visitors use your chatbots, and where the answers fall short."
        actions={
          <Button variant="secondary" disabled={!report} onClick={exportCsv}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </Button>
        }
      />
      <AnalyticsControls
        key={`${filters.range}|${filters.from}|${filters.to}`}
        filters={filters}
        bots={bots.data ?? []}
        shownFrom={report?.from}
        shownTo={report?.to}
        onChange={setFilters}
      />
      {body}
    </div>
  );
}
