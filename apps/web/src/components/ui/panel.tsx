import clsx from 'clsx';
import type { ReactNode } from 'react';

type PanelProps = {
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

// The white card the dashboard pages are built from, with an optional titled header.
export function Panel({ title, description, icon, actions, className, children }: PanelProps) {
  return (
    <section
      aria-label={title}
      className={clsx('rounded-2xl bg-white shadow-sm ring-1 ring-slate-200', className)}
    >
      {title && (
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
          {icon && (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
              {icon}
            </span>
          )}
          {/* The basis lets the actions drop below the title on a phone instead of squeezing it. */}
          <div className="min-w-0 flex-1 basis-56">
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            {description && <p className="text-sm text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
