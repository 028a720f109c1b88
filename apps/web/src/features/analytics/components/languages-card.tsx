import type { AnalyticsLanguage } from '@askwell/shared';
import { Languages } from 'lucide-react';

import { formatNumber } from '@/lib/format';

import { languageLabel } from '../lib/labels';
import { ChartCard } from './chart-card';
import { HorizontalBarChart } from './horizontal-bar-chart';
import { DataTable, EmptyNote } from './data-table';

export function LanguagesCard({ languages }: { languages: AnalyticsLanguage[] }) {
  const rows = languages.map((entry) => ({ ...entry, label: languageLabel(entry.language) }));
  const bars = rows.map((row) => ({
    key: row.language,
    label: row.label,
    value: row.conversations,
  }));
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
        <HorizontalBarChart
          rows={bars}
          name="Conversations"
          height={Math.max(120, rows.length * 36 + 40)}
          labelWidth={112}
        />
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
