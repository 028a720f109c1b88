import { leadStatusLabels, leadStatuses, type BotSummary, type LeadStatus } from '@askwell/shared';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { controlStyles } from '@/components/ui/form-field';

import { hasActiveFilters, type LeadFilters } from '../lib/filters';

type LeadsFiltersProps = {
  filters: LeadFilters;
  bots: BotSummary[];
  onChange: (filters: LeadFilters) => void;
};

const labelStyles = 'block text-xs font-semibold tracking-wide text-slate-600 uppercase';

export function LeadsFilters({ filters, bots, onChange }: LeadsFiltersProps) {
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

  const update = (patch: Partial<LeadFilters>) => onChange({ ...filters, ...patch, page: 1 });

  return (
    <form
      role="search"
      aria-label="Filter leads"
      onSubmit={(event) => {
        event.preventDefault();
        update({ q: search });
      }}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-5 lg:grid-cols-3 2xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto]"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="leads-search" className={labelStyles}>
          Search
        </label>
        <div className="relative mt-1.5">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="leads-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, email or phone"
            className={controlStyles(false, 'pl-9')}
          />
        </div>
      </div>
      <div>
        <label htmlFor="leads-bot" className={labelStyles}>
          Chatbot
        </label>
        <select
          id="leads-bot"
          value={filters.botId}
          onChange={(event) => update({ botId: event.target.value })}
          className={controlStyles(false, 'mt-1.5')}
        >
          <option value="">All chatbots</option>
          {bots.map((bot) => (
            <option key={bot.id} value={bot.id}>
              {bot.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="leads-status" className={labelStyles}>
          Status
        </label>
        <select
          id="leads-status"
          value={filters.status}
          onChange={(event) => update({ status: event.target.value as LeadStatus | '' })}
          className={controlStyles(false, 'mt-1.5')}
        >
          <option value="">All statuses</option>
          {leadStatuses.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="leads-from" className={labelStyles}>
          From
        </label>
        <input
          id="leads-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => update({ from: event.target.value })}
          className={controlStyles(false, 'mt-1.5')}
        />
      </div>
      <div>
        <label htmlFor="leads-to" className={labelStyles}>
          To
        </label>
        <input
          id="leads-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => update({ to: event.target.value })}
          className={controlStyles(false, 'mt-1.5')}
        />
      </div>
      <div className="flex items-end">
        <Button
          variant="ghost"
          className="w-full 2xl:w-auto"
          disabled={!hasActiveFilters(filters)}
          onClick={() => onChange({ q: '', botId: '', status: '', from: '', to: '', page: 1 })}
        >
          <X className="size-4" aria-hidden="true" />
          Clear
        </Button>
      </div>
    </form>
  );
}
