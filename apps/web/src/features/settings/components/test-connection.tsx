import type { ConnectionProvider, ConnectionTestResult } from '@askwell/shared';
import { CircleAlert, CircleCheck, PlugZap } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import { useTestConnection } from '../api/model-settings';

type TestConnectionProps = {
  provider: ConnectionProvider;
  providerLabel: string;
  // Why the saved settings cannot be tested yet; the button is disabled while there is one.
  blockedReason: string | null;
};

export function TestConnection({ provider, providerLabel, blockedReason }: TestConnectionProps) {
  const testConnection = useTestConnection();
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const hintId = `test-${provider}-hint`;

  const run = () => {
    setResult(null);
    testConnection.mutate(provider, {
      onSuccess: setResult,
      onError: (error) => setResult({ ok: false, message: error.message }),
    });
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          size="sm"
          variant="secondary"
          onClick={run}
          disabled={Boolean(blockedReason) || testConnection.isPending}
          aria-describedby={blockedReason ? hintId : undefined}
          aria-label={`Test connection to ${providerLabel}`}
        >
          {testConnection.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <PlugZap className="size-4" aria-hidden="true" />
          )}
          {testConnection.isPending ? 'Testing...' : 'Test connection'}
        </Button>
        {blockedReason && (
          <span id={hintId} className="text-sm text-slate-600">
            {blockedReason}
          </span>
        )}
      </div>
      <div role="status" aria-live="polite">
        {result && (
          <p
            data-testid={`test-${provider}-result`}
            className={
              result.ok
                ? 'flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200'
                : 'flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200'
            }
          >
            {result.ok ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span className="min-w-0 break-words">{result.message}</span>
          </p>
        )}
      </div>
    </div>
  );
}
