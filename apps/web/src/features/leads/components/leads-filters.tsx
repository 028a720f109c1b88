import { leadStatusLabels, leadStatuses, type BotSummary, type LeadStatus } from '@askwell/shared';

import { controlStyles } from '@/components/ui/form-field';
import {
  BotFilter,
  ClearFiltersButton,
  DateRangeFilter,
  FilterBar,
  FilterField,
  SearchFilter,
  useFilterSearch,
} from '@/components/ui/filter-bar';

import { hasActiveFilters, type LeadFilters } from '../lib/filters';

type LeadsFiltersProps = {
  filters: LeadFilters;
  bots: BotSummary[];
  onChange: (filters: LeadFilters) => void;
};

export function LeadsFilters({ filters, bots, onChange }: LeadsFiltersProps) {
  const update = (patch: Partial<LeadFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const [search, setSearch] = useFilterSearch(filters.q, (q) => update({ q }));

  return (
    <FilterBar
      label="Filter leads"
      onSubmit={() => update({ q: search })}
      className="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto]"
    >
      <SearchFilter
        id="leads-search"
        value={search}
        onChange={setSearch}
        placeholder="Name, email or phone"
        className="sm:col-span-2 lg:col-span-1"
      />
      <BotFilter
        id="leads-bot"
        value={filters.botId}
        bots={bots}
        onChange={(botId) => update({ botId })}
      />
      <FilterField id="leads-status" label="Status">
        <select
          id="leads-status"
          value={filters.status}
          onChange={(event) => update({ status: event.target.value as LeadStatus | '' })}
          className={controlStyles(false)}
        >
          <option value="">All statuses</option>
          {leadStatuses.map((status) => (
            <option key={status} value={status}>
              {leadStatusLabels[status]}
            </option>
          ))}
        </select>
      </FilterField>
      <DateRangeFilter idPrefix="leads" from={filters.from} to={filters.to} onChange={update} />
      <ClearFiltersButton
        buttonClassName="w-full 2xl:w-auto"
        disabled={!hasActiveFilters(filters)}
        onClick={() => onChange({ q: '', botId: '', status: '', from: '', to: '', page: 1 })}
      />
    </FilterBar>
  );
}
