import clsx from 'clsx';
import type { ReactNode } from 'react';

type AdminPanelProps = {
  title?: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
};

export function AdminPanel({ title, description, className, children }: AdminPanelProps) {
  return (
    <section
      className={clsx(
        'overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200',
        className,
      )}
      aria-label={title}
    >
      {title && (
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
      )}
      {children}
    </section>
  );
}
