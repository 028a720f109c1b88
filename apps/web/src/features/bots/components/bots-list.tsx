import { botGoalLabels, type BotSummary } from '@askwell/shared';
import { Bot, FileText, MessageSquare, Pencil, Plus, Sparkles, Target } from 'lucide-react';
import { Link } from 'react-router';

import { Button, ButtonLink } from '@/components/ui/button';
import { DemoBadge } from '@/components/ui/demo-badge';
import { Spinner } from '@/components/ui/spinner';
import { useBots } from '@/hooks/use-bots';
import { countOf, formatDateTime, formatRelative } from '@/lib/format';

import { toneLabels } from '../lib/format';
import { KnowledgeBadge, knowledgeCounts } from './knowledge-badge';
import { StaffDisabledNotice } from './staff-disabled-notice';

function BotCard({ bot }: { bot: BotSummary }) {
  const counts = knowledgeCounts(bot.knowledge);
  return (
    <li
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
      data-testid="bot-card"
    >
      <div className="flex items-start gap-3 p-5 sm:p-6">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl text-white shadow-sm"
          style={{ backgroundColor: bot.widgetConfig.primaryColor }}
        >
          <Bot className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h2 className="truncate text-base font-semibold text-slate-900">
              <Link
                to={`/dashboard/bots/${bot.id}`}
                className="rounded hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {bot.name}
              </Link>
            </h2>
            {bot.isDemo && <DemoBadge />}
          </div>
          <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">
            {bot.description || 'No description'}
          </p>
        </div>
      </div>
      {bot.staffDisabledAt && <StaffDisabledNotice reason={bot.staffDisabledReason} compact />}
      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 px-5 py-4 text-sm sm:px-6">
        <div className="min-w-0">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <Target className="size-3.5" aria-hidden="true" />
            Goal
          </dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">
            {botGoalLabels[bot.goal]}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <Sparkles className="size-3.5" aria-hidden="true" />
            Tone
          </dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">{toneLabels[bot.tone]}</dd>
        </div>
        <div className="min-w-0">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <FileText className="size-3.5" aria-hidden="true" />
            Knowledge
          </dt>
          <dd className="mt-1 space-y-1">
            <KnowledgeBadge knowledge={bot.knowledge} />
            <p className="text-xs text-slate-600">
              {countOf(bot.sourceCount, 'source')}
              {counts && ` · ${counts}`}
            </p>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <MessageSquare className="size-3.5" aria-hidden="true" />
            Last conversation
          </dt>
          <dd className="mt-0.5 text-slate-700">
            {bot.lastConversationAt ? (
              <time
                dateTime={bot.lastConversationAt}
                title={formatDateTime(bot.lastConversationAt)}
              >
                {formatRelative(bot.lastConversationAt)}
              </time>
            ) : (
              'No conversations yet'
            )}
          </dd>
        </div>
      </dl>
      <div className="flex justify-end border-t border-slate-100 px-5 py-3 sm:px-6">
        <ButtonLink to={`/dashboard/bots/${bot.id}`} variant="secondary" size="sm">
          <Pencil className="size-4" aria-hidden="true" />
          Edit
          <span className="sr-only"> {bot.name}</span>
        </ButtonLink>
      </div>
    </li>
  );
}

export function BotsList() {
  const bots = useBots();

  if (bots.isPending) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-3 rounded-2xl bg-white px-6 py-14 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
      >
        <Spinner className="size-5 text-brand-700" />
        Loading your chatbots...
      </div>
    );
  }

  if (bots.isError) {
    return (
      <div
        role="alert"
        className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200"
      >
        <p className="text-base font-semibold text-slate-900">Your chatbots could not be loaded</p>
        <p className="mt-1 text-sm text-slate-600">{bots.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => bots.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (bots.data.length === 0) {
    return (
      <section
        aria-label="No chatbots yet"
        className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
      >
        <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
          <Bot className="size-6" aria-hidden="true" />
        </div>
        <h2 className="mt-5 text-lg font-semibold text-slate-900">Create your first chatbot</h2>
        <p className="mx-auto mt-2 max-w-lg text-sm leading-6 text-pretty text-slate-600">
          Give it a name, a tone and a goal, match its widget to your brand, then train it on your
          documents and website so it answers your visitors.
        </p>
        <div className="mt-6 flex justify-center">
          <ButtonLink to="/dashboard/bots/new">
            <Plus className="size-4" aria-hidden="true" />
            Create your first chatbot
          </ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3" aria-label="Your chatbots">
      {bots.data.map((bot) => (
        <BotCard key={bot.id} bot={bot} />
      ))}
    </ul>
  );
}
