import type { ApiKey } from '@askwell/shared';
import clsx from 'clsx';
import { KeyRound, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';

import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { formatDate, formatDateTime } from '@/lib/format';
import { CreateApiKeyDialog } from './create-api-key-dialog';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li
      data-testid="api-key-row"
      className="flex flex-col gap-4 px-5 py-4 sm:px-6 lg:flex-row lg:items-center"
    >
      <div className="flex min-w-0 items-center gap-3 lg:w-56">
        <span
          className={clsx(
            'flex size-9 shrink-0 items-center justify-center rounded-lg ring-1',
            revoked
              ? 'bg-slate-50 text-slate-400 ring-slate-200'
              : 'bg-brand-50 text-brand-800 ring-brand-100',
          )}
        >
          <KeyRound className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{apiKey.name}</p>
          <p className="truncate font-mono text-xs text-slate-600">{apiKey.prefix}…</p>
        </div>
      </div>
      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Detail label="Created">
          <time dateTime={apiKey.createdAt}>{formatDate(apiKey.createdAt)}</time>
        </Detail>
        <Detail label="Last used">
          {apiKey.lastUsedAt ? (
            <time dateTime={apiKey.lastUsedAt}>{formatDateTime(apiKey.lastUsedAt)}</time>
          ) : (
            'Never'
          )}
        </Detail>
        <Detail label="Status">
          <span
            data-testid="api-key-status"
            className={clsx(
              'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
              revoked
                ? 'bg-slate-100 text-slate-700 ring-slate-200'
                : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
            )}
          >
            {revoked ? 'Revoked' : 'Active'}
          </span>
        </Detail>
      </dl>
      <div className="flex justify-end lg:w-28">
        {!revoked && (
          <Button
            size="sm"
            variant="secondary"
            className="text-red-700!"
            onClick={onRevoke}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}

export function AskwellApiKeysSection() {
  const keys = useApiKeys();
  const revokeKey = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revokeKey.mutate(revoking.id, {
      onSuccess: () => {
        toast.success(`“${revoking.name}” was revoked`);
        setRevoking(null);
      },
      onError: (error) => toast.error(error.message || 'The key could not be revoked. Try again.'),
    });
  };

  return (
    <div id="askwell-api-keys" className="scroll-mt-24">
      <Panel
        title="Askwell API keys"
        description={
          <>
            Keys for calling your chatbots from your own server or app.{' '}
            <Link
              to="/dashboard/integration?tab=api"
              className="font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              See how to use them
            </Link>
            .
          </>
        }
        icon={<KeyRound className="size-5" aria-hidden="true" />}
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Create API key
          </Button>
        }
      >
        {keys.isPending ? (
          <div className="flex items-center justify-center gap-3 py-12 text-sm text-slate-600">
            <Spinner className="size-5 text-brand-700" />
            Loading API keys...
          </div>
        ) : keys.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-6 text-sm text-slate-700">
            <p>Your API keys could not be loaded. {keys.error.message}</p>
            <Button size="sm" variant="secondary" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </div>
        ) : keys.data.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <p className="text-sm font-semibold text-slate-900">No API keys yet</p>
            <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
              Create a key to send messages to your chatbots through the chat API.
            </p>
          </div>
        ) : (
          <ul aria-label="Askwell API keys" className="divide-y divide-slate-100">
            {keys.data.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
            ))}
          </ul>
        )}
      </Panel>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key?"
        confirmLabel="Revoke key"
        pending={revokeKey.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      >
        Apps that use “{revoking?.name}” ({revoking?.prefix}…) stop working within seconds. This
        cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
