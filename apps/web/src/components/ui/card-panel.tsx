import type { ReactNode } from 'react';

type CardPanelProps = {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
};

export function CardPanel({ icon, title, children, actions }: CardPanelProps) {
  return (
    <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 sm:p-10">
      <div className="mx-auto flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-100">
        {icon}
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-3 text-base leading-7 text-slate-600">{children}</div>
      <div className="mt-8 flex flex-col gap-3">{actions}</div>
    </div>
  );
}
