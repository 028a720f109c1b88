import clsx from 'clsx';

import { usedFraction } from '../lib/plan-labels';

type UsageMeterProps = {
  label: string;
  used: number;
  limit: number;
  // The sidebar's dark card or a white panel.
  tone?: 'dark' | 'light';
  testId?: string;
};

export function UsageMeter({ label, used, limit, tone = 'light', testId }: UsageMeterProps) {
  const fraction = usedFraction(used, limit);
  const full = fraction >= 1;
  const value = `${used.toLocaleString('en')} / ${limit.toLocaleString('en')}`;
  return (
    <div data-testid={testId}>
      <div
        className={clsx(
          'flex items-baseline justify-between gap-2 text-xs',
          tone === 'dark' ? 'text-brand-100' : 'text-slate-600',
        )}
      >
        <span>{label}</span>
        <span
          className={clsx(
            'font-medium tabular-nums',
            tone === 'dark' ? 'text-white' : full ? 'text-red-700' : 'text-slate-900',
          )}
        >
          {value}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={value}
        className={clsx(
          'mt-1.5 h-1.5 overflow-hidden rounded-full',
          tone === 'dark' ? 'bg-white/20' : 'bg-slate-100',
        )}
      >
        <div
          className={clsx(
            'h-full rounded-full',
            full
              ? 'bg-red-500'
              : fraction >= 0.8
                ? 'bg-amber-400'
                : tone === 'dark'
                  ? 'bg-white'
                  : 'bg-brand-600',
          )}
          style={{ width: `${Math.round(fraction * 100)}%` }}
        />
      </div>
    </div>
  );
}
