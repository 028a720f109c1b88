import type { AdminSystemFigures } from '@askwell/shared';
import { Activity, Clock, Gauge, Users, type LucideIcon } from 'lucide-react';

import { ProgressBar } from '@/components/ui/progress-bar';
import { formatNumber, formatOneDecimal, formatTime } from '@/lib/format';

import { useSystemFigures } from '../api/system';
import { AdminPanel } from './admin-panel';

const gigabyte = 1024 ** 3;

function formatBytes(bytes: number) {
  // A warm bot with a few passages holds kilobytes; "0 MB" would read as nothing at all.
  if (bytes > 0 && bytes < 1024 ** 2) return 'under 1 MB';
  return bytes >= gigabyte
    ? `${formatOneDecimal(bytes / gigabyte)} GB`
    : `${formatNumber(Math.round(bytes / 1024 ** 2))} MB`;
}

function percentOf(used: number, total: number) {
  return total > 0 ? Math.round((used / total) * 1000) / 10 : 0;
}

// Each instance counts the requests it served; the label says whose figures these are.
function requestsNote(figures: AdminSystemFigures) {
  const since = new Date(figures.measured_since);
  const full = new Date(figures.sampled_at).getTime() - since.getTime() >= 24 * 3_600_000 - 60_000;
  return full
    ? 'Last 24 hours, this instance'
    : `Since this instance started at ${formatTime(since)}`;
}

function indexedBots(count: number) {
  return count === 1 ? '1 bot' : `${formatNumber(count)} bots`;
}

type Stat = { label: string; value: string; note: string; icon: LucideIcon };

function stats(figures: AdminSystemFigures): Stat[] {
  return [
    {
      label: 'Active Users',
      value: formatNumber(figures.active_users.count),
      note:
        figures.active_users.scope === 'all_instances'
          ? 'Customers with Askwell open now'
          : 'Customers with Askwell open now, on this instance',
      icon: Users,
    },
    {
      label: 'System Load',
      value: `${formatOneDecimal(figures.system_load_percent)}%`,
      note: `1-minute load average ${formatOneDecimal(figures.load_average[0])} on ${figures.cpu_count} cores`,
      icon: Gauge,
    },
    {
      label: 'API Requests',
      value: formatNumber(figures.api_requests_24h),
      note: requestsNote(figures),
      icon: Activity,
    },
    {
      label: 'Response Time',
      value:
        figures.average_response_ms_1h === null
          ? 'No requests'
          : `${formatNumber(figures.average_response_ms_1h)} ms`,
      note: 'Average over the last hour, this instance',
      icon: Clock,
    },
  ];
}

function HealthBar({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  const tone = percent >= 90 ? 'red' : percent >= 75 ? 'brand' : 'green';
  return (
    <li>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="shrink-0 font-medium text-slate-900">{label}</span>
        <span className="text-slate-600 tabular-nums">
          {formatOneDecimal(percent)}% <span className="text-slate-500">· {detail}</span>
        </span>
      </div>
      <ProgressBar value={percent} label={`${label} in use`} tone={tone} className="mt-1.5" />
    </li>
  );
}

export function SystemAnalytics() {
  const figures = useSystemFigures();

  return (
    <AdminPanel
      title="System Analytics"
      description="Measured on the server that answered; read again every 15 seconds."
    >
      {figures.isPending ? (
        <p role="status" className="px-6 py-10 text-center text-sm text-slate-600">
          Loading...
        </p>
      ) : figures.isError ? (
        <p role="alert" className="m-5 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          Error: {figures.error.message}
        </p>
      ) : (
        <div className="space-y-6 p-5 sm:p-6">
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {stats(figures.data).map((stat) => {
              const Icon = stat.icon;
              return (
                <li
                  key={stat.label}
                  data-testid="system-stat"
                  className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
                >
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
                    <Icon className="size-4 text-brand-700" aria-hidden="true" />
                    {stat.label}
                  </p>
                  <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
                    {stat.value}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-500">{stat.note}</p>
                </li>
              );
            })}
          </ul>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">System Health</h3>
            <ul className="mt-3 space-y-4">
              <HealthBar
                label="CPU"
                percent={figures.data.cpu_percent}
                detail={`${figures.data.cpu_count} cores, last few seconds`}
              />
              <HealthBar
                label="Memory"
                percent={percentOf(figures.data.memory.used_bytes, figures.data.memory.total_bytes)}
                detail={`${formatBytes(figures.data.memory.used_bytes)} of ${formatBytes(figures.data.memory.total_bytes)}`}
              />
              {figures.data.storage ? (
                <HealthBar
                  label="Storage"
                  percent={percentOf(
                    figures.data.storage.used_bytes,
                    figures.data.storage.total_bytes,
                  )}
                  detail={`${formatBytes(figures.data.storage.used_bytes)} of ${formatBytes(figures.data.storage.total_bytes)}, data volume`}
                />
              ) : (
                <li className="text-sm text-slate-600">
                  <span className="font-medium text-slate-900">Storage</span>: unknown, this host
                  does not report its data volume.
                </li>
              )}
              <HealthBar
                label="Search indexes"
                percent={percentOf(
                  figures.data.search_indexes.used_bytes,
                  figures.data.search_indexes.budget_bytes,
                )}
                detail={`${formatBytes(figures.data.search_indexes.used_bytes)} of ${formatBytes(figures.data.search_indexes.budget_bytes)}, ${indexedBots(figures.data.search_indexes.bots)} kept warm on this instance`}
              />
              <HealthBar
                label="Search word tables"
                percent={percentOf(
                  figures.data.search_indexes.shared_bytes,
                  figures.data.search_indexes.shared_limit_bytes,
                )}
                detail={`${formatBytes(figures.data.search_indexes.shared_bytes)} of at most ${formatBytes(figures.data.search_indexes.shared_limit_bytes)}, shared by every bot on this instance`}
              />
            </ul>
          </div>
        </div>
      )}
    </AdminPanel>
  );
}
