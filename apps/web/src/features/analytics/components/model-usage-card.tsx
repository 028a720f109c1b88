import type { AnalyticsModelUsage } from '@askwell/shared';
import { Cpu } from 'lucide-react';

import { Panel } from '@/components/ui/panel';
import { formatNumber, formatUsd } from '@/lib/format';

import { answererLabel, hasProviderUsage } from '../lib/labels';
import { DataTable, EmptyNote } from './data-table';

export function ModelUsageCard({ models }: { models: AnalyticsModelUsage[] }) {
  return (
    <Panel
      title="Model usage"
      description="Who wrote the answers, and the tokens an AI provider counted"
      icon={<Cpu className="size-5" aria-hidden="true" />}
      className="min-w-0"
    >
      {models.length === 0 ? (
        <EmptyNote>No answers in this period.</EmptyNote>
      ) : (
        <DataTable
          caption="Answers, tokens and estimated cost per answerer"
          rows={models}
          rowKey={(model) => model.answerer}
          columns={[
            {
              header: 'Answerer',
              className: 'min-w-40 font-normal wrap-anywhere',
              cell: (model) => answererLabel(model.answerer),
            },
            { header: 'Answers', numeric: true, cell: (model) => formatNumber(model.answers) },
            {
              header: 'Prompt tokens',
              numeric: true,
              cell: (model) => formatNumber(model.promptTokens),
            },
            {
              header: 'Completion tokens',
              numeric: true,
              cell: (model) => formatNumber(model.completionTokens),
            },
            {
              header: 'Est. cost',
              numeric: true,
              cell: (model) =>
                model.estimatedCostUsd === null ? '—' : formatUsd(model.estimatedCostUsd),
            },
          ]}
        />
      )}
      {!hasProviderUsage(models) && (
        <p className="border-t border-slate-200 px-5 py-4 text-sm text-slate-600 sm:px-6">
          Token counts appear when an AI provider answers; the built-in answerer and stored answers
          use none.
        </p>
      )}
    </Panel>
  );
}
