import type { BotSummary } from '@askwell/shared';

import {
  BotFilter,
  ClearFiltersButton,
  DateRangeFilter,
  FilterBar,
  FilterField,
  SearchFilter,
  useFilterSearch,
} from '@/components/ui/filter-bar';
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

export function ConversationFilters({ filters, bots, onChange }: ConversationFiltersProps) {
  const update = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 });
  const [search, setSearch] = useFilterSearch(filters.q, (q) => update({ q }));

  return (
    <FilterBar
      label="Filter conversations"
      onSubmit={() => update({ q: search })}
      className="grid-cols-2 sm:grid-cols-4"
    >
      <SearchFilter
        id="conversations-search"
        value={search}
        onChange={setSearch}
        placeholder="Search messages"
        className="col-span-2 sm:col-span-1"
      />
      <BotFilter
        id="conversations-bot"
        value={filters.botId}
        bots={bots}
        onChange={(botId) => update({ botId })}
      />
      <FilterField id="conversations-answered" label="Answered">
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
      </FilterField>
      <FilterField id="conversations-feedback" label="Feedback">
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
      </FilterField>
      <FilterField id="conversations-lead" label="Lead">
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
      </FilterField>
      <DateRangeFilter
        idPrefix="conversations"
        from={filters.from}
        to={filters.to}
        onChange={update}
      />
      <ClearFiltersButton
        className="col-span-2 sm:col-span-1"
        disabled={!hasActiveFilters(filters)}
        onClick={() => onChange(emptyConversationFilters)}
      />
    </FilterBar>
  );
}
