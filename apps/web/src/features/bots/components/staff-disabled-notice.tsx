import clsx from 'clsx';
import { ShieldAlert } from 'lucide-react';

// Staff took the bot off the air: the owner learns why, and that their own switch cannot undo it.
export function StaffDisabledNotice({
  reason,
  compact = false,
}: {
  reason: string | null;
  compact?: boolean;
}) {
  return (
    <div
      role="status"
      className={clsx(
        'flex gap-3 bg-red-50 text-sm leading-6 text-red-900',
        compact
          ? 'border-t border-red-100 px-5 py-3 sm:px-6'
          : 'rounded-xl p-4 ring-1 ring-red-200',
      )}
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 break-words">
        <p className="font-semibold">Disabled by Askwell staff: {reason}</p>
        {!compact && (
          <p className="mt-1">
            It answers nowhere, on your site or through the API, until Askwell staff enable it
            again. Your own switch cannot turn it back on; contact support if you think this is a
            mistake.
          </p>
        )}
      </div>
    </div>
  );
}
