import type { AnalyticsFunnel, AnalyticsPage } from '@askwell/shared';
import { Filter } from 'lucide-react';

import { formatNumber } from '@/lib/format';

import { dropOffPercent, formatPercent, funnelSteps } from '../lib/labels';
import { ChartCard } from './chart-card';
import { HorizontalBarChart } from './horizontal-bar-chart';
import { DataTable, EmptyNote } from './data-table';

type FunnelRow = { key: string; label: string; value: number; dropOff: number | null };

function funnelRows(funnel: AnalyticsFunnel): FunnelRow[] {
  return funnelSteps.map((step, index) => {
    const before = funnelSteps[index - 1];
    const value = funnel[step.key];
    return {
      key: step.key,
      label: step.label,
      value,
      dropOff: before ? dropOffPercent(funnel[before.key], value) : null,
    };
  });
}

function DropOffs({ rows }: { rows: FunnelRow[] }) {
  return (
    <ul
      aria-label="Drop-off between steps"
      className="space-y-1 px-5 pt-2 pb-4 text-sm text-slate-700 sm:px-6"
    >
      {rows.slice(1).map((row, index) => (
        <li key={row.key}>
          {rows[index]!.label} → {row.label}:{' '}
          <span className="font-semibold tabular-nums">
            {row.dropOff === null ? '—' : formatPercent(row.dropOff)}
          </span>{' '}
          drop-off
        </li>
      ))}
    </ul>
  );
}

function PagesTable({ pages }: { pages: AnalyticsPage[] }) {
  return (
    <div className="border-t border-slate-200">
      <h3 className="px-5 pt-4 pb-2 text-sm font-semibold text-slate-900 sm:px-6">
        Conversion by page
      </h3>
      {pages.length === 0 ? (
        <EmptyNote>No page loaded the widget in this period.</EmptyNote>
      ) : (
        <DataTable
          caption="Conversion by page"
          rows={pages}
          rowKey={(page) => page.page}
          columns={[
            {
              header: 'Page',
              // Long addresses wrap instead of widening the table past the card.
              className: 'max-w-80 min-w-48 font-normal wrap-anywhere',
              cell: (page) => page.page,
            },
            { header: 'Loads', numeric: true, cell: (page) => formatNumber(page.loads) },
            {
              header: 'Conversations',
              numeric: true,
              cell: (page) => formatNumber(page.conversations),
            },
            { header: 'Leads', numeric: true, cell: (page) => formatNumber(page.leads) },
            {
              header: 'Conversion',
              numeric: true,
              cell: (page) => formatPercent(page.conversionRate),
            },
          ]}
        />
      )}
    </div>
  );
}

export function FunnelCard({ funnel, pages }: { funnel: AnalyticsFunnel; pages: AnalyticsPage[] }) {
  const rows = funnelRows(funnel);
  return (
    <ChartCard
      title="Funnel"
      description="From the widget on your page to a captured lead"
      icon={<Filter className="size-5" aria-hidden="true" />}
      chartLabel="Bar chart of visitors at each funnel step. Choose Show table for the figures."
      chart={<HorizontalBarChart rows={rows} name="Visitors" height={220} labelWidth={104} />}
      table={
        <DataTable
          caption="Visitors at each funnel step"
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { header: 'Step', cell: (row) => row.label },
            { header: 'Visitors', numeric: true, cell: (row) => formatNumber(row.value) },
            {
              header: 'Drop-off',
              numeric: true,
              cell: (row) =>
                row.dropOff === null
                  ? row.key === 'loaded'
                    ? ''
                    : '—'
                  : formatPercent(row.dropOff),
            },
          ]}
        />
      }
    >
      <DropOffs rows={rows} />
      <PagesTable pages={pages} />
    </ChartCard>
  );
}
