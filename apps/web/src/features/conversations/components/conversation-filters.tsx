import type { BotSummary } from '@askwell/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { controlStyles } from '@/components/ui/form-field';

import {
  emptyConversationFilters,
  hasActiveFilters,
  type AnsweredFilter,
  type ConversationFilters as Filters,
  type FeedbackFilter,
} from '../lib/filters';

type ConversationFiltersProps = {
  filters: Filters;
  bots: BotSummary[];
  onChange: (filters: Filters) => void;
};

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label
        htmlFor={id}
        className="block text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
    </div>
  );
}

export function ConversationFilters({ filters, bots, onChange }: ConversationFiltersProps) {
  const [search, setSearch] = useState(filters.q);

  // Typing is applied after a short pause, so the list does not reload on every keystroke.
  useEffect(() => {
    if (search === filters.q) return;
    const timer = window.setTimeout(() => onChange({ ...filters, q: search, page: 1 }), 300);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);

  // A change from outside (Clear, back button) replaces what is in the box.
  const [appliedQ, setAppliedQ] = useState(filters.q);
  if (appliedQ !== filters.q) {
    setAppliedQ(filters.q);
    setSearch(filters.q);
  }

  const update = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 });

  return (
    <form
      role="search"
      aria-label="Filter conversations"
      onSubmit={(event) => {
        event.preventDefault();
        update({ q: search });
      }}
      className="grid grid-cols-2 gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 sm:p-5"
    >
      <div className="col-span-2 sm:col-span-1">
        <Field id="conversations-search" label="Search">
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id="conversations-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search messages"
              className={controlStyles(false, 'pl-9')}
            />
          </div>
        </Field>
      </div>
      <Field id="conversations-bot" label="Chatbot">
        <select
          id="conversations-bot"
          value={filters.botId}
          onChange={(event) => update({ botId: event.target.value })}
          className={controlStyles(false)}
        >
          <option value="">All chatbots</option>
          {bots.map((bot) => (
            <option key={bot.id} value={bot.id}>
              {bot.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="conversations-answered" label="Answered">
        <select
          id="conversations-answered"
          value={filters.answered}
          onChange={(event) => update({ answered: event.target.value as AnsweredFilter | '' })}
          className={controlStyles(false)}
        >
          <option value="">All</option>
          <option value="answered">Answered</option>
          <option value="unanswered">Not answered</option>
        </select>
      </Field>
      <Field id="conversations-feedback" label="Feedback">
        <select
          id="conversations-feedback"
          value={filters.feedback}
          onChange={(event) => update({ feedback: event.target.value as FeedbackFilter | '' })}
          className={controlStyles(false)}
        >
          <option value="">All</option>
          <option value="up">Thumbs up</option>
          <option value="down">Thumbs down</option>
          <option value="any">Any feedback</option>
          <option value="none">No feedback</option>
        </select>
      </Field>
      <Field id="conversations-lead" label="Lead">
        <select
          id="conversations-lead"
          value={filters.hasLead}
          onChange={(event) => update({ hasLead: event.target.value as Filters['hasLead'] })}
          className={controlStyles(false)}
        >
          <option value="">All</option>
          <option value="yes">With lead</option>
          <option value="no">Without lead</option>
        </select>
      </Field>
      <Field id="conversations-from" label="From">
        <input
          id="conversations-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => update({ from: event.target.value })}
          className={controlStyles(false)}
        />
      </Field>
      <Field id="conversations-to" label="To">
        <input
          id="conversations-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => update({ to: event.target.value })}
          className={controlStyles(false)}
        />
      </Field>
      <div className="col-span-2 flex items-end sm:col-span-1">
        <Button
          variant="ghost"
          className="w-full"
          disabled={!hasActiveFilters(filters)}
          onClick={() => onChange(emptyConversationFilters)}
        >
          <X className="size-4" aria-hidden="true" />
          Clear
        </Button>
      </div>
    </form>
  );
}
