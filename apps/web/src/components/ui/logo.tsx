import clsx from 'clsx';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className)} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1E40AF" />
      <path
        d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9A2.5 2.5 0 0 1 23 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.4c-.5.4-1.3 0-1.3-.6V20.3A2.5 2.5 0 0 1 9 17.5z"
        fill="#fff"
      />
      <circle cx="13" cy="14" r="1.3" fill="#1E40AF" />
      <circle cx="16" cy="14" r="1.3" fill="#1E40AF" />
      <circle cx="19" cy="14" r="1.3" fill="#1E40AF" />
    </svg>
  );
}

export function Logo({
  tone = 'dark',
  className,
}: {
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-8" />
      <span
        className={clsx(
          'text-xl font-bold tracking-tight',
          tone === 'dark' ? 'text-slate-900' : 'text-white',
        )}
      >
        Askwell
      </span>
    </span>
  );
}
