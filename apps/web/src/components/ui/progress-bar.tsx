import clsx from 'clsx';

type ProgressBarProps = {
  value: number;
  label: string;
  tone?: 'brand' | 'green' | 'red';
  className?: string;
};

const toneClasses = {
  brand: 'bg-brand-700',
  green: 'bg-green-600',
  red: 'bg-red-600',
} as const;

export function ProgressBar({ value, label, tone = 'brand', className }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={clsx('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div
        className={clsx('h-full rounded-full transition-[width] duration-300', toneClasses[tone])}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
