import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

type FormAlertProps = {
  tone?: 'error' | 'success' | 'info';
  id?: string;
  children: ReactNode;
};

const toneStyles = {
  error: 'bg-red-50 text-red-800 ring-red-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  info: 'bg-brand-50 text-brand-900 ring-brand-200',
} as const;

const toneIcons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

export function FormAlert({ tone = 'error', id, children }: FormAlertProps) {
  const Icon = toneIcons[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-${tone}`}
      className={clsx('flex gap-3 rounded-lg p-4 text-sm font-medium ring-1', toneStyles[tone])}
    >
      <Icon className="mt-px size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">{children}</div>
    </div>
  );
}
