import type { DashboardOverview } from '@askwell/shared';
import clsx from 'clsx';
import {
  ArrowUpRight,
  Clock,
  MessagesSquare,
  TriangleAlert,
  UserRoundCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { countOf, formatNumber, formatOneDecimal } from '@/lib/format';

export function formatPercent(value: number) {
  return `${formatOneDecimal(value)}%`;
}

export function formatSeconds(value: number) {
  return `${formatOneDecimal(value)}s`;
}

type StatCardProps = {
  title: string;
  icon: LucideIcon;
  value: string;
  caption: ReactNode;
  // The whole card leads here when set.
  to?: string;
  badge?: ReactNode;
};

function StatCard({ title, icon: Icon, value, caption, to, badge }: StatCardProps) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className={clsx(
        'relative flex min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200',
        to && 'transition-shadow hover:shadow-md hover:ring-brand-300',
        to && 'has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 pt-2 text-sm font-medium text-slate-600">
          {to ? (
            // The link's box covers the card, so the whole card is one target.
            <Link
              to={to}
              className="rounded after:absolute after:inset-0 after:rounded-2xl hover:text-slate-900 focus-visible:outline-none"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <p className="min-w-0">{caption}</p>
        {to && <ArrowUpRight className="size-4 text-brand-700" aria-hidden="true" />}
        {badge}
      </div>
    </div>
  );
}

export function StatCards({ overview }: { overview: DashboardOverview }) {
  const responseSeconds = overview.averageResponseSeconds;
  const alertCount = overview.alerts.length;

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Active Users"
        icon={Users}
        value={formatNumber(overview.activeUsers)}
        caption="Visitors on your sites now"
      />
      <StatCard
        title="Active Chats"
        icon={MessagesSquare}
        value={formatNumber(overview.activeChats)}
        caption="Live conversations"
        to="/dashboard/analytics"
      />
      <StatCard
        title="Successful Leads"
        icon={UserRoundCheck}
        value={formatNumber(overview.successfulLeads)}
        caption={`Conversion rate ${formatPercent(overview.totalChats > 0 ? overview.conversionRate : 0)}`}
      />
      <StatCard
        title="Response Time"
        icon={Clock}
        value={responseSeconds === null ? '—' : formatSeconds(responseSeconds)}
        caption={responseSeconds === null ? 'No answers yet today' : 'Average time'}
        badge={
          alertCount > 0 && (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset">
              <TriangleAlert className="size-3.5" aria-hidden="true" />
              {countOf(alertCount, 'alert')}
            </span>
          )
        }
      />
    </div>
  );
}
