import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

// One frame for every sign-in style screen, so they read as one flow.
export function AuthCard({ title, description, icon, children, footer }: AuthCardProps) {
  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl bg-white px-5 py-8 shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 sm:px-10 sm:py-10">
        <div className="text-center">
          {icon && (
            <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description && (
            <div className="mt-2 text-sm leading-6 text-pretty text-slate-600">{description}</div>
          )}
        </div>
        <div className="mt-8">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}
