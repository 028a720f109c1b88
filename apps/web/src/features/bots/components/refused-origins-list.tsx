import type { RefusedOrigin } from '@askwell/shared';
import { TriangleAlert } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { refusedHost } from '@/components/widget/refused-origin-notice';
import { formatDateTime } from '@/lib/format';

import { useDismissRefusedOrigin, useRefusedOrigins } from '../api/refused-origins';

function when(value: string) {
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

type RefusedOriginsListProps = {
  botId: string;
  // Hosts already in the form: their entries are settled once the owner saves.
  allowedHosts: readonly string[];
  onAllow: (host: string) => void;
};

// Any page can ask for a bot, so an entry is a claim, not proof: the count and the dates let the
// owner tell their own site (seen often, for a while) from a one-off lure.
export function RefusedOriginsList({ botId, allowedHosts, onAllow }: RefusedOriginsListProps) {
  const list = useRefusedOrigins(botId);
  const dismiss = useDismissRefusedOrigin(botId);
  const pending = (list.data ?? []).filter(
    (item) => !allowedHosts.includes(refusedHost(item.origin)),
  );
  if (pending.length === 0) return null;

  return (
    <section
      aria-labelledby="refused-origins-heading"
      data-testid="refused-origins"
      className="space-y-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div>
          <h4 id="refused-origins-heading" className="font-semibold">
            Sites where the widget was refused
          </h4>
          <p className="mt-1">
            These pages asked for this chatbot but are not in the allowed domains. Anyone can make a
            page ask for it, so allow only sites you run, then save.
          </p>
        </div>
      </div>
      <ul className="divide-y divide-amber-200">
        {pending.map((item: RefusedOrigin) => {
          const host = refusedHost(item.origin);
          return (
            <li
              key={item.origin}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="min-w-0 flex-1">
                <p className="font-mono font-semibold break-all">{item.origin}</p>
                <p className="text-amber-800">
                  Refused {item.refusals === 1 ? 'once' : `${item.refusals} times`} · first{' '}
                  {when(item.firstSeenAt)} · last {when(item.lastSeenAt)}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onAllow(host)}
                  className="max-w-full break-all"
                >
                  Allow {host}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => dismiss.mutate(item.origin)}
                  disabled={dismiss.isPending && dismiss.variables === item.origin}
                  aria-label={`Dismiss ${item.origin}`}
                >
                  {dismiss.isPending && dismiss.variables === item.origin && (
                    <Spinner className="size-4" />
                  )}
                  Dismiss
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {dismiss.isError && (
        <p role="alert" className="text-red-700">
          {dismiss.error.message}
        </p>
      )}
    </section>
  );
}
