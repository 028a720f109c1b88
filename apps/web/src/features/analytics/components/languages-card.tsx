import type { AnalyticsLanguage } from '@askwell/shared';
import { Languages } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { formatNumber } from '@/lib/format';

import { axisTick, chartColors } from '../lib/chart-theme';
import { languageLabel } from '../lib/labels';
import { ChartCard } from './chart-card';
import { DataTable, EmptyNote } from './data-table';

export function LanguagesCard({ languages }: { languages: AnalyticsLanguage[] }) {
  const rows = languages.map((entry) => ({ ...entry, label: languageLabel(entry.language) }));
  return (
    <ChartCard
      title="Languages"
      description="Conversations by the language visitors wrote in"
      icon={<Languages className="size-5" aria-hidden="true" />}
      chartLabel="Bar chart of conversations per language. Choose Show table for the figures."
      empty={
        rows.length === 0 ? <EmptyNote>No conversations in this period.</EmptyNote> : undefined
      }
      chart={
        // One bar per language, so the chart grows with the list instead of squeezing it.
        <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 36 + 40)}>
          <BarChart
            data={rows}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={chartColors.grid} horizontal={false} />
            <XAxis
              type="number"
              allowDecimals={false}
              tick={axisTick}
              tickFormatter={(value: number) => formatNumber(value)}
            />
            <YAxis type="category" dataKey="label" tick={axisTick} width={112} />
            <Tooltip formatter={(value) => formatNumber(Number(value))} />
            <Bar
              dataKey="conversations"
              name="Conversations"
              fill={chartColors.bar}
              radius={[0, 4, 4, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Conversations per language"
          rows={rows}
          rowKey={(row) => row.language}
          columns={[
            { header: 'Language', cell: (row) => row.label },
            {
              header: 'Conversations',
              numeric: true,
              cell: (row) => formatNumber(row.conversations),
            },
          ]}
        />
      }
    />
  );
}
