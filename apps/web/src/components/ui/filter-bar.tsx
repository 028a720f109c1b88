import type { BotSummary } from '@askwell/shared';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type FormEvent, type ReactNode } from 'react';

import { Button } from './button';
import { controlStyles } from './form-field';

// The search text shown in a filter bar's box. Typing is applied after a short pause, so the list
// does not reload on every keystroke; a change from outside (Clear, the back button) replaces what
// is in the box.
export function useFilterSearch(applied: string, apply: (search: string) => void) {
  const [search, setSearch] = useState(applied);
  const applySearch = useEffectEvent(apply);

  useEffect(() => {
    if (search === applied) return;
    const timer = window.setTimeout(() => applySearch(search), 300);
    return () => window.clearTimeout(timer);
  }, [search, applied]);

  const [shownFor, setShownFor] = useState(applied);
  if (shownFor !== applied) {
    setShownFor(applied);
    setSearch(applied);
  }

  return [search, setSearch] as const;
}

type FilterBarProps = {
  label: string;
  // The grid's columns: each list lays out its own set of fields.
  className: string;
  onSubmit: () => void;
  children: ReactNode;
};

export function FilterBar({ label, className, onSubmit, children }: FilterBarProps) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit();
      }}
      className={clsx(
        'grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5',
        className,
      )}
    >
      {children}
    </form>
  );
}

type FilterFieldProps = {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
};

export function FilterField({ id, label, className, children }: FilterFieldProps) {
  return (
    <div className={className}>
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

type SearchFilterProps = {
  id: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  className?: string;
};

export function SearchFilter({ id, value, placeholder, onChange, className }: SearchFilterProps) {
  return (
    <FilterField id={id} label="Search" className={className}>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className={controlStyles(false, 'pl-9')}
        />
      </div>
    </FilterField>
  );
}

type BotFilterProps = {
  id: string;
  value: string;
  bots: BotSummary[];
  onChange: (botId: string) => void;
};

export function BotFilter({ id, value, bots, onChange }: BotFilterProps) {
  return (
    <FilterField id={id} label="Chatbot">
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlStyles(false)}
      >
        <option value="">All chatbots</option>
        {bots.map((bot) => (
          <option key={bot.id} value={bot.id}>
            {bot.name}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

type DateRangeFilterProps = {
  idPrefix: string;
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
};

// Two day pickers; each one keeps the other from making an empty range.
export function DateRangeFilter({ idPrefix, from, to, onChange }: DateRangeFilterProps) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label="From">
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
          className={controlStyles(false)}
        />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label="To">
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
          className={controlStyles(false)}
        />
      </FilterField>
    </>
  );
}

type ClearFiltersButtonProps = {
  disabled: boolean;
  onClick: () => void;
  className?: string;
  buttonClassName?: string;
};

export function ClearFiltersButton({
  disabled,
  onClick,
  className,
  buttonClassName = 'w-full',
}: ClearFiltersButtonProps) {
  return (
    <div className={clsx('flex items-end', className)}>
      <Button variant="ghost" className={buttonClassName} disabled={disabled} onClick={onClick}>
        <X className="size-4" aria-hidden="true" />
        Clear
      </Button>
    </div>
  );
}
