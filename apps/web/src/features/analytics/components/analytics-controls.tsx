import {
  analyticsRangeLabels,
  analyticsRanges,
  type AnalyticsRange,
  type BotSummary,
} from '@askwell/shared';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { BotFilter, DateRangeFilter, FilterBar, FilterField } from '@/components/ui/filter-bar';
import { controlStyles } from '@/components/ui/form-field';
import type { AnalyticsFilters } from '@/hooks/use-analytics';

import { customRangeError } from '../lib/filters';

type AnalyticsControlsProps = {
  filters: AnalyticsFilters;
  bots: BotSummary[];
  // The days of the report on screen, offered as the start of a custom range.
  shownFrom?: string;
  shownTo?: string;
  onChange: (filters: AnalyticsFilters) => void;
};

// The parent keys this by the applied range, so a change from outside (the back button) resets
// the days being edited.
export function AnalyticsControls({
  filters,
  bots,
  shownFrom = '',
  shownTo = '',
  onChange,
}: AnalyticsControlsProps) {
  // Choosing Custom only opens the day pickers; the report changes once Apply is pressed.
  const [editingCustom, setEditingCustom] = useState(filters.range === 'custom');
  const [from, setFrom] = useState(filters.from || shownFrom);
  const [to, setTo] = useState(filters.to || shownTo);
  const [error, setError] = useState<string | null>(null);
  const range: AnalyticsRange = editingCustom ? 'custom' : filters.range;

  const chooseRange = (next: AnalyticsRange) => {
    setError(null);
    if (next === 'custom') {
      setEditingCustom(true);
      return;
    }
    setEditingCustom(false);
    onChange({ ...filters, range: next, from: '', to: '' });
  };

  const apply = () => {
    const problem = customRangeError(from, to);
    setError(problem);
    if (!problem) onChange({ ...filters, range: 'custom', from, to });
  };

  return (
    <FilterBar
      label="Analytics filters"
      onSubmit={apply}
      className={
        editingCustom
          ? 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]'
          : 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4'
      }
    >
      <FilterField id="analytics-range" label="Date range">
        <select
          id="analytics-range"
          value={range}
          onChange={(event) => chooseRange(event.target.value as AnalyticsRange)}
          className={controlStyles(false)}
        >
          {analyticsRanges.map((option) => (
            <option key={option} value={option}>
              {analyticsRangeLabels[option]}
            </option>
          ))}
        </select>
      </FilterField>
      <BotFilter
        id="analytics-bot"
        value={filters.botId}
        bots={bots}
        onChange={(botId) => onChange({ ...filters, botId })}
      />
      {editingCustom && (
        <>
          <DateRangeFilter
            idPrefix="analytics"
            from={from}
            to={to}
            onChange={(days) => {
              setError(null);
              if (days.from !== undefined) setFrom(days.from);
              if (days.to !== undefined) setTo(days.to);
            }}
          />
          <div className="flex items-end">
            <Button type="submit" className="w-full">
              Apply
            </Button>
          </div>
          {error && (
            <p
              role="alert"
              className="flex items-start gap-1.5 text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-5"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {error}
            </p>
          )}
        </>
      )}
    </FilterBar>
  );
}
