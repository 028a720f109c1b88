import { changePercent, type AnalyticsReport } from '@askwell/shared';
import clsx from 'clsx';
import {
  BookCheck,
  Clock,
  Minus,
  MessageSquareText,
  MessagesSquare,
  TrendingDown,
  TrendingUp,
  UserRoundCheck,
  MessageCircleMore,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';

import { formatNumber, formatOneDecimal } from '@/lib/format';

import { formatChange, formatPercent, formatSeconds } from '../lib/labels';

type ChangeProps = {
  current: number | null;
  previous: number | null;
  // For response time a rise is the bad direction.
  lowerIsBetter?: boolean;
};

function Change({ current, previous, lowerIsBetter = false }: ChangeProps) {
  const change = current === null || previous === null ? null : changePercent(current, previous);
  const better = change !== null && change !== 0 && change > 0 !== lowerIsBetter;
  const Icon = change === null || change === 0 ? Minus : change > 0 ? TrendingUp : TrendingDown;
  return (
    <p
      className={clsx(
        'flex items-center gap-1 text-sm',
        change === null || change === 0
          ? 'text-slate-600'
          : better
            ? 'text-green-700'
            : 'text-red-700',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {change !== null ? (
        <span>
          <span className="font-semibold tabular-nums">{formatChange(change)}</span> vs previous
          period
        </span>
      ) : previous === 0 ? (
        <span>None in the previous period</span>
      ) : (
        <span>Nothing to compare with</span>
      )}
    </p>
  );
}

type SummaryCardProps = {
  title: string;
  icon: LucideIcon;
  value: string;
  caption?: ReactNode;
  change: ChangeProps;
};

function SummaryCard({ title, icon: Icon, value, caption, change }: SummaryCardProps) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 pt-2 text-sm font-medium text-slate-600">
          {title}
        </h3>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</p>
      {caption && <p className="mt-1 text-sm text-slate-600">{caption}</p>}
      <div className="mt-auto pt-2">
        <Change {...change} />
      </div>
    </div>
  );
}

export function SummaryCards({ report }: { report: AnalyticsReport }) {
  const { totals, previous } = report;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <SummaryCard
        title="Conversations"
        icon={MessagesSquare}
        value={formatNumber(totals.conversations)}
        change={{ current: totals.conversations, previous: previous.conversations }}
      />
      <SummaryCard
        title="Messages"
        icon={MessageSquareText}
        value={formatNumber(totals.messages)}
        caption="Visitor messages and answers"
        change={{ current: totals.messages, previous: previous.messages }}
      />
      <SummaryCard
        title="Leads"
        icon={UserRoundCheck}
        value={formatNumber(totals.leads)}
        caption={`Conversion rate ${formatPercent(totals.conversionRate)}`}
        change={{ current: totals.leads, previous: previous.leads }}
      />
      <SummaryCard
        title="Answered from knowledge"
        icon={BookCheck}
        value={totals.answeredRate === null ? '—' : formatPercent(totals.answeredRate)}
        caption={
          totals.answeredRate === null
            ? 'No answers in this period'
            : `${formatNumber(totals.answered)} of ${formatNumber(totals.answered + totals.unanswered)} answers`
        }
        change={{ current: totals.answeredRate, previous: previous.answeredRate }}
      />
      <SummaryCard
        title="Avg. response time"
        icon={Clock}
        value={
          totals.averageResponseSeconds === null
            ? '—'
            : formatSeconds(totals.averageResponseSeconds)
        }
        caption={totals.averageResponseSeconds === null ? 'No answers in this period' : undefined}
        change={{
          current: totals.averageResponseSeconds,
          previous: previous.averageResponseSeconds,
          lowerIsBetter: true,
        }}
      />
      <SummaryCard
        title="Avg. conversation length"
        icon={MessageCircleMore}
        value={formatOneDecimal(totals.averageConversationLength)}
        caption="Messages per conversation"
        change={{
          current: totals.averageConversationLength,
          previous: previous.averageConversationLength,
        }}
      />
    </div>
  );
}
