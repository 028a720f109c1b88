import type { AdminGrowth, GrowthMonth } from '@askwell/shared';
import { Bot, ChartLine, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { useGrowth } from '@/features/admin/api/system';
import { AdminPageHeader } from '@/features/admin/components/admin-page-header';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { DataTable, EmptyNote } from '@/features/analytics/components/data-table';
import { axisTick, chartColors } from '@/features/analytics/lib/chart-theme';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatNumber } from '@/lib/format';

const series = [
  { key: 'users', label: 'New users', color: chartColors.conversations },
  { key: 'bots', label: 'New chatbots', color: chartColors.leads },
  { key: 'conversations', label: 'Conversations', color: chartColors.unanswered },
] as const;

const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function monthLabel(month: string) {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

type Card = { label: string; total: number; thisMonth: number; icon: LucideIcon; tone: string };

function SummaryCards({ growth }: { growth: AdminGrowth }) {
  const cards: Card[] = [
    {
      label: 'Total Users',
      total: growth.totals.users,
      thisMonth: growth.this_month.users,
      icon: Users,
      tone: 'bg-brand-50 text-brand-700',
    },
    {
      label: 'Total Chatbots',
      total: growth.totals.bots,
      thisMonth: growth.this_month.bots,
      icon: Bot,
      tone: 'bg-emerald-50 text-emerald-700',
    },
    {
      label: 'Total Conversations',
      total: growth.totals.conversations,
      thisMonth: growth.this_month.conversations,
      icon: MessagesSquare,
      tone: 'bg-amber-50 text-amber-700',
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label="Summary">
      {cards.map((card) => {
        const Icon = card.icon;
        return (
          <li
            key={card.label}
            data-testid="analytics-summary"
            className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <span
              className={`flex size-12 shrink-0 items-center justify-center rounded-lg ${card.tone}`}
            >
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              <p className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
                {formatNumber(card.total)}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                {formatNumber(card.thisMonth)} this month
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function GrowthTrends({ months }: { months: GrowthMonth[] }) {
  const empty = months.every((month) => month.users + month.bots + month.conversations === 0);
  return (
    <ChartCard
      title="Growth Trends"
      description="New customer accounts, new chatbots and conversations per month (UTC), last 12 months. Demo bots left out."
      icon={<ChartLine className="size-5" aria-hidden="true" />}
      empty={
        empty ? (
          <EmptyNote>No accounts, chatbots or conversations in the last 12 months.</EmptyNote>
        ) : undefined
      }
      chartLabel="Line chart of new users, new chatbots and conversations per month. Choose Show table for the figures."
      chart={
        <ResponsiveContainer width="100%" height={300}>
          <LineChart
            data={months}
            margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={chartColors.grid} vertical={false} />
            <XAxis dataKey="month" tick={axisTick} tickFormatter={monthLabel} minTickGap={16} />
            <YAxis
              allowDecimals={false}
              tick={axisTick}
              tickFormatter={(value: number) => formatNumber(value)}
              width={56}
            />
            <Tooltip
              labelFormatter={(label) => monthLabel(String(label))}
              formatter={(value) => formatNumber(Number(value))}
            />
            <Legend />
            {series.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.label}
                stroke={line.color}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="New users, new chatbots and conversations per month"
          rows={months}
          rowKey={(row) => row.month}
          columns={[
            { header: 'Month', cell: (row) => monthLabel(row.month) },
            ...series.map((entry) => ({
              header: entry.label,
              numeric: true,
              cell: (row: GrowthMonth) => formatNumber(row[entry.key]),
            })),
          ]}
        />
      }
    />
  );
}

export function AdminAnalyticsRoute() {
  useDocumentTitle('Analytics');
  const growth = useGrowth();
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Analytics"
        description="Platform-wide growth: customer accounts, chatbots and conversations."
      />
      {growth.isPending ? (
        <p
          role="status"
          className="rounded-xl bg-white px-6 py-10 text-center text-sm text-slate-600 ring-1 ring-slate-200"
        >
          Loading...
        </p>
      ) : growth.isError ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-6 py-4 text-sm font-medium text-red-800 ring-1 ring-red-200"
        >
          Error: {growth.error.message}
        </p>
      ) : (
        <>
          <SummaryCards growth={growth.data} />
          <GrowthTrends months={growth.data.months} />
        </>
      )}
    </div>
  );
}
