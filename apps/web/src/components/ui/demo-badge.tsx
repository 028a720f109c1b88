import clsx from 'clsx';

// Marks the sample chatbot a new account starts with, wherever its name is shown.
export function DemoBadge({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset',
        className,
      )}
      title="Sample data: this chatbot never answers on a website"
    >
      Demo
    </span>
  );
}
