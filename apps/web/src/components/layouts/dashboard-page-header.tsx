import type { ReactNode } from 'react';

type DashboardPageHeaderProps = {
  title: string;
  // Beside the title, e.g. a badge marking what the page shows.
  badge?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
};

export function DashboardPageHeader({
  title,
  badge,
  description,
  actions,
}: DashboardPageHeaderProps) {
  const heading = (
    <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
  );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {badge ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        {description && (
          <p className="mt-1.5 text-sm text-pretty text-slate-600 sm:text-base">{description}</p>
        )}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
    </div>
  );
}
