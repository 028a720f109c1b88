import { TriangleAlert } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';

// Allowed domains hold hosts (with a port when one is given), never whole origins.
export function refusedHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

type RefusedOriginNoticeProps = {
  origin: string;
  at: string | null;
  // What happens after 'Allow': the editor waits for Save, the Integration page saves at once.
  nextStep: string;
  onAllow: () => void;
  allowing?: boolean;
};

// The same warning, wording and button wherever an owner meets a refused origin (the bot editor
// and the Integration page).
export function RefusedOriginNotice({
  origin,
  at,
  nextStep,
  onAllow,
  allowing = false,
}: RefusedOriginNoticeProps) {
  const host = refusedHost(origin);
  return (
    <div
      role="status"
      data-testid="refused-origin-warning"
      className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center"
    >
      <TriangleAlert className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 break-words">
        The widget was refused on <strong className="font-semibold">{origin}</strong>
        {at && (
          <>
            {' '}
            on <time dateTime={at}>{formatDateTime(at)}</time>
          </>
        )}{' '}
        because that site is not in the allowed domains. {nextStep}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={onAllow}
        disabled={allowing}
        className="max-w-full break-all"
      >
        {allowing && <Spinner className="size-4" />}
        Allow {host}
      </Button>
    </div>
  );
}
