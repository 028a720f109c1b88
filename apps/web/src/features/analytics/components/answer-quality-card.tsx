import type { AnalyticsFeedback, AnalyticsReport, AnalyticsSourceUse } from '@askwell/shared';
import clsx from 'clsx';
import { BadgeCheck, ThumbsDown, ThumbsUp } from 'lucide-react';

import { RelativeTime } from '@/components/ui/relative-time';
import { formatNumber } from '@/lib/format';

import { chartColors } from '../lib/chart-theme';
import { formatPercent, positiveRate, sourceLabel, truncate } from '../lib/labels';
import { ChartCard } from './chart-card';
import { HorizontalBarChart } from './horizontal-bar-chart';
import { DataTable, EmptyNote } from './data-table';

function Ratings({ up, down }: { up: number; down: number }) {
  const rate = positiveRate(up, down);
  return (
    <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
      <h3 className="text-sm font-semibold text-slate-900">Visitor ratings</h3>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <ThumbsUp className="size-4 text-green-700" aria-hidden="true" />
          <dt>Thumbs up</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(up)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <ThumbsDown className="size-4 text-red-700" aria-hidden="true" />
          <dt>Thumbs down</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(down)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>Rated helpful</dt>
          <dd className="font-semibold tabular-nums">
            {rate === null ? '—' : formatPercent(rate)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function FeedbackList({ feedback }: { feedback: AnalyticsFeedback[] }) {
  return (
    <div className="border-t border-slate-200">
      <h3 className="px-5 pt-4 pb-2 text-sm font-semibold text-slate-900 sm:px-6">
        Recent feedback
      </h3>
      {feedback.length === 0 ? (
        <EmptyNote>No feedback in this period.</EmptyNote>
      ) : (
        <ul aria-label="Recent feedback" className="divide-y divide-slate-100">
          {feedback.map((entry) => {
            const up = entry.rating === 'up';
            const Icon = up ? ThumbsUp : ThumbsDown;
            return (
              <li key={entry.messageId} className="flex items-start gap-3 px-5 py-3 sm:px-6">
                <span
                  className={clsx(
                    'flex size-8 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
                    up
                      ? 'bg-green-50 text-green-700 ring-green-200'
                      : 'bg-red-50 text-red-700 ring-red-200',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="sr-only">{up ? 'Thumbs up' : 'Thumbs down'}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                    <p
                      className={clsx(
                        'min-w-0 text-sm break-words',
                        entry.comment ? 'text-slate-900' : 'text-slate-500 italic',
                      )}
                    >
                      {entry.comment || 'No comment'}
                    </p>
                    <RelativeTime
                      value={entry.at}
                      className="shrink-0 text-xs whitespace-nowrap text-slate-600"
                    />
                  </div>
                  <p className="mt-1 text-xs break-words text-slate-600" title={entry.answer}>
                    <span className="font-semibold">Answer:</span> {truncate(entry.answer)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function SourcesTable({ sources }: { sources: AnalyticsSourceUse[] }) {
  return (
    <div className="border-t border-slate-200">
      <h3 className="px-5 pt-4 pb-2 text-sm font-semibold text-slate-900 sm:px-6">
        Answers per source
      </h3>
      {sources.length === 0 ? (
        <EmptyNote>No answer drew on your knowledge sources in this period.</EmptyNote>
      ) : (
        <DataTable
          caption="Answers per source"
          rows={sources}
          rowKey={(source) => source.sourceId}
          columns={[
            {
              header: 'Source',
              className: 'break-words font-normal',
              cell: (source) =>
                source.name === null ? (
                  <span className="text-slate-500 italic">{sourceLabel(null)}</span>
                ) : (
                  source.name
                ),
            },
            { header: 'Answers', numeric: true, cell: (source) => formatNumber(source.answers) },
          ]}
        />
      )}
    </div>
  );
}

export function AnswerQualityCard({ report }: { report: AnalyticsReport }) {
  const { answered, unanswered, thumbsUp, thumbsDown } = report.totals;
  const total = answered + unanswered;
  const rows = [
    { key: 'answered', label: 'Answered', value: answered, color: chartColors.answered },
    { key: 'unanswered', label: 'No answer', value: unanswered, color: chartColors.unanswered },
  ];

  return (
    <ChartCard
      title="Answer quality"
      description="Answers from your knowledge and answers that found none"
      icon={<BadgeCheck className="size-5" aria-hidden="true" />}
      chartLabel="Bar chart of answered questions and questions with no answer. Choose Show table for the figures."
      empty={total === 0 ? <EmptyNote>No answers in this period.</EmptyNote> : undefined}
      chart={<HorizontalBarChart rows={rows} name="Answers" height={140} labelWidth={88} />}
      table={
        <DataTable
          caption="Answered questions and questions with no answer"
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { header: 'Outcome', cell: (row) => row.label },
            { header: 'Answers', numeric: true, cell: (row) => formatNumber(row.value) },
            {
              header: 'Share',
              numeric: true,
              cell: (row) => formatPercent(Math.round((row.value / total) * 1000) / 10),
            },
          ]}
        />
      }
    >
      <Ratings up={thumbsUp} down={thumbsDown} />
      <FeedbackList feedback={report.feedback} />
      <SourcesTable sources={report.sources} />
    </ChartCard>
  );
}
