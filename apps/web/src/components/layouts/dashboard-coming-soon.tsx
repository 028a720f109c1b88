import type { ReactNode } from 'react';

type DashboardComingSoonProps = {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
};

// Where a dashboard area is still on its way, the page says so plainly instead of showing
// sample figures or buttons that do nothing.
export function DashboardComingSoon({ icon, title, children, actions }: DashboardComingSoonProps) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
    >
      <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
        {icon}
      </div>
      <p className="mt-5 inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
        Coming soon
      </p>
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mx-auto mt-2 max-w-lg text-sm leading-6 text-pretty text-slate-600">
        {children}
      </div>
      {actions && (
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {actions}
        </div>
      )}
    </section>
  );
}
