import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type FieldA11yProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
};

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (a11y: FieldA11yProps) => ReactNode;
};

// Renders the label, hint and error of one control and hands the control the ids that tie them
// together, so a screen reader announces the error with the field it belongs to.
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="mt-2">
        {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      </div>
      {hintId && (
        <p id={hintId} className="mt-2 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

export function controlStyles(invalid: boolean, className?: string) {
  return clsx(
    'block w-full rounded-lg bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-500 sm:text-sm',
    'focus:outline-none focus:ring-2 focus:ring-inset',
    invalid ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-brand-700',
    className,
  );
}
