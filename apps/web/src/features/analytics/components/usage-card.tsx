import type { AnalyticsDay } from '@askwell/shared';
import { ChartLine } from 'lucide-react';
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

import { formatDate, formatMonthDay, formatNumber } from '@/lib/format';

import { axisTick, chartColors } from '../lib/chart-theme';
import { calendarDay } from '../lib/labels';
import { ChartCard } from './chart-card';
import { DataTable, EmptyNote } from './data-table';

const series = [
  { key: 'conversations', label: 'Conversations', color: chartColors.conversations },
  { key: 'messages', label: 'Messages', color: chartColors.messages },
  { key: 'leads', label: 'Leads', color: chartColors.leads },
] as const;

export function UsageCard({ daily }: { daily: AnalyticsDay[] }) {
  return (
    <ChartCard
      title="Usage Statistics"
      description="Conversations, messages and leads per day"
      icon={<ChartLine className="size-5" aria-hidden="true" />}
      empty={
        daily.length === 0 ? <EmptyNote>No conversations in this period.</EmptyNote> : undefined
      }
      chartLabel="Line chart of conversations, messages and leads per day. Choose Show table for the figures."
      chart={
        <ResponsiveContainer width="100%" height={280}>
          <LineChart
            data={daily}
            margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={chartColors.grid} vertical={false} />
            <XAxis
              dataKey="date"
              tick={axisTick}
              tickFormatter={(value: string) => formatMonthDay(calendarDay(value))}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tick={axisTick}
              tickFormatter={(value: number) => formatNumber(value)}
              width={56}
            />
            <Tooltip
              labelFormatter={(label) => formatDate(calendarDay(String(label)))}
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
                // A single day (Today) is only visible as a point.
                dot={daily.length <= 31}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Conversations, messages and leads per day"
          rows={daily}
          rowKey={(day) => day.date}
          columns={[
            { header: 'Date', cell: (day) => formatDate(calendarDay(day.date)) },
            ...series.map((column) => ({
              header: column.label,
              numeric: true,
              cell: (day: AnalyticsDay) => formatNumber(day[column.key]),
            })),
          ]}
        />
      }
    />
  );
}
