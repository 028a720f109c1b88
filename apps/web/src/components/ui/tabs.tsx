import clsx from 'clsx';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<T extends string> = {
  id: T;
  label: string;
  icon?: ReactNode;
  badge?: ReactNode;
};

type TabsProps<T extends string> = {
  idPrefix: string;
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (tab: T) => void;
  // On phones, lay the tabs out two by two instead of scrolling them sideways.
  wrap?: boolean;
  className?: string;
};

export const tabPanelId = (idPrefix: string, tab: string) => `${idPrefix}-panel-${tab}`;
export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;

// WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected one is tabbable.
export function Tabs<T extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  wrap = false,
  className,
}: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.id);
    listRef.current
      ?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idPrefix, tab.id))}`)
      ?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={clsx(
        'gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200',
        wrap ? 'grid grid-cols-2 sm:flex' : 'flex overflow-x-auto',
        className,
      )}
    >
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={tabPanelId(idPrefix, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={clsx(
              'inline-flex flex-1 shrink-0 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              active
                ? 'bg-white text-brand-900 shadow-sm ring-1 ring-slate-200'
                : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            {tab.icon}
            {tab.label}
            {tab.badge}
          </button>
        );
      })}
    </div>
  );
}

type TabPanelProps = {
  idPrefix: string;
  tab: string;
  className?: string;
  children: ReactNode;
};

export function TabPanel({ idPrefix, tab, className, children }: TabPanelProps) {
  return (
    <div
      id={tabPanelId(idPrefix, tab)}
      role="tabpanel"
      aria-labelledby={tabId(idPrefix, tab)}
      tabIndex={0}
      className={clsx('focus:outline-none', className)}
    >
      {children}
    </div>
  );
}
