import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';

import { useOverview, useOverviewSync } from '@/hooks/use-dashboard-overview';
import { RecentActivity } from './recent-activity';
import { StatCards } from './stat-cards';
import { SystemAlerts } from './system-alerts';

function OverviewSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-700" />
        Loading...
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-start justify-between">
              <div className="mt-2 h-4 w-24 animate-pulse rounded bg-slate-200" />
              <div className="size-10 animate-pulse rounded-xl bg-slate-100" />
            </div>
            <div className="mt-3 h-8 w-16 animate-pulse rounded bg-slate-200" />
            <div className="mt-2 h-4 w-36 max-w-full animate-pulse rounded bg-slate-100" />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5" aria-hidden="true">
        <div className="h-64 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:col-span-3" />
        <div className="h-64 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:col-span-2" />
      </div>
    </div>
  );
}

// The live figures: fetched again on every realtime event that changes them and once per
// presence heartbeat.
export function DashboardOverview() {
  const overview = useOverview();
  useOverviewSync();

  const retry = <RetryButton query={overview} />;

  if (overview.isPending) return <OverviewSkeleton />;

  if (overview.data === undefined) {
    return (
      <div
        role="alert"
        className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200"
      >
        <p className="text-sm text-red-800">
          The dashboard could not be loaded: {overview.error?.message}
        </p>
        <div className="mt-4 flex justify-center">{retry}</div>
      </div>
    );
  }

  const data = overview.data;
  return (
    <div className="space-y-6">
      {overview.isError && (
        // A refresh failed: the last figures stay, with a way to fetch them again.
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <p className="min-w-0">
            The latest figures could not be loaded: {overview.error.message}
          </p>
          {retry}
        </div>
      )}
      <section aria-labelledby="overview-title">
        <h2 id="overview-title" className="sr-only">
          Overview
        </h2>
        <StatCards overview={data} />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <RecentActivity activity={data.activity} className="lg:col-span-3" />
        <SystemAlerts alerts={data.alerts} className="lg:col-span-2" />
      </div>
    </div>
  );
}
