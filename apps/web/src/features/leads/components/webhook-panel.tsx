import {
  webhookSignatureHeader,
  type BotSummary,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@askwell/shared';
import clsx from 'clsx';
import { Eye, EyeOff, KeyRound, Send, Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { controlStyles, FormField } from '@/components/ui/form-field';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

import {
  useRevealSecret,
  useRotateSecret,
  useSaveWebhookUrl,
  useSendTestEvent,
  useWebhook,
} from '../api/webhook';
import { countOf, formatDateTime } from '@/lib/format';

const deliveryTone: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-slate-100 text-slate-800 ring-slate-300',
  retrying: 'bg-amber-50 text-amber-900 ring-amber-200',
  delivered: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
};

const deliveryLabel: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

function DeliveryLog({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
        No deliveries yet. New leads and test events appear here.
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200"
      aria-label="Deliveries"
    >
      {deliveries.map((delivery) => (
        <li
          key={delivery.id}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
          data-testid="webhook-delivery"
        >
          <span
            className={clsx(
              'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
              deliveryTone[delivery.status],
            )}
          >
            {deliveryLabel[delivery.status]}
          </span>
          <code className="font-mono text-xs text-slate-800">{delivery.event}</code>
          <span className="text-slate-600">
            {countOf(delivery.attempts, 'attempt')}
            {delivery.lastStatusCode !== null && ` · HTTP ${delivery.lastStatusCode}`}
          </span>
          <time dateTime={delivery.createdAt} className="ml-auto text-xs text-slate-500">
            {formatDateTime(delivery.createdAt)}
          </time>
          {delivery.lastError && delivery.status !== 'delivered' && (
            <p className="basis-full text-xs break-words text-red-800">{delivery.lastError}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

function BotWebhook({ botId }: { botId: string }) {
  const webhook = useWebhook(botId);
  const save = useSaveWebhookUrl(botId);
  const reveal = useRevealSecret(botId);
  const rotate = useRotateSecret(botId);
  const sendTest = useSendTestEvent(botId);
  const [url, setUrl] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);

  const savedUrl = webhook.data?.url ?? '';
  // Until the owner types, the box shows what is saved.
  const shownUrl = url ?? savedUrl;

  if (webhook.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading webhook...
      </p>
    );
  }
  if (webhook.error) {
    return (
      <p role="alert" className="py-6 text-sm text-red-800">
        The webhook could not be loaded: {webhook.error.message}
      </p>
    );
  }
  const state = webhook.data;

  return (
    <div className="space-y-6">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setUrlError(undefined);
          save.mutate(shownUrl.trim(), {
            onSuccess: (saved) => {
              setUrl(null);
              toast.success(saved.url ? 'Webhook saved' : 'Webhook removed');
            },
            onError: (failure) => {
              const message =
                failure instanceof ApiError
                  ? (failure.fields.url ?? failure.message)
                  : failure.message;
              setUrlError(message);
            },
          });
        }}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="min-w-0 flex-1">
          <FormField
            id="webhook-url"
            label="Endpoint URL"
            error={urlError}
            hint="We POST a JSON event here whenever this bot captures a new lead."
          >
            {(a11y) => (
              <input
                {...a11y}
                type="url"
                inputMode="url"
                value={shownUrl}
                placeholder="https://example.com/hooks/askwell"
                onChange={(event) => setUrl(event.target.value)}
                className={controlStyles(Boolean(urlError))}
              />
            )}
          </FormField>
        </div>
        <Button
          type="submit"
          className="sm:mt-7"
          disabled={save.isPending || shownUrl.trim() === savedUrl}
        >
          {save.isPending && <Spinner className="size-4" />}
          Save
        </Button>
      </form>

      {state.hasSecret && (
        <div>
          <p className="text-sm font-semibold text-slate-900">Signing secret</p>
          <p className="mt-1 text-sm text-slate-600">
            Each request carries an{' '}
            <code className="font-mono text-xs">{webhookSignatureHeader}</code> header:{' '}
            <code className="font-mono text-xs">t=&lt;time&gt;,v1=&lt;signature&gt;</code>, the
            HMAC-SHA256 of <code className="font-mono text-xs">&lt;time&gt;.&lt;body&gt;</code> with
            this secret.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 basis-full rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200 sm:basis-auto"
              data-testid="webhook-secret"
            >
              {secret ?? 'whsec_••••••••••••••••••••••••'}
            </code>
            <Button
              variant="secondary"
              size="sm"
              disabled={reveal.isPending}
              onClick={() => {
                if (secret) return setSecret(null);
                reveal.mutate(undefined, {
                  onSuccess: (result) => setSecret(result.secret),
                  onError: (failure) => toast.error(failure.message),
                });
              }}
            >
              {secret ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
              {secret ? 'Hide' : 'Show'}
            </Button>
            {secret && <CopyButton text={secret} label="Copy signing secret" />}
            <Button variant="secondary" size="sm" onClick={() => setConfirmRotate(true)}>
              <KeyRound className="size-4" aria-hidden="true" />
              Rotate
            </Button>
          </div>
        </div>
      )}

      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-slate-900">Recent deliveries</h3>
          <Button
            variant="secondary"
            size="sm"
            disabled={!state.url || sendTest.isPending}
            onClick={() =>
              sendTest.mutate(undefined, {
                onSuccess: () => toast.success('Test event queued'),
                onError: (failure) => toast.error(failure.message),
              })
            }
          >
            {sendTest.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Send className="size-4" aria-hidden="true" />
            )}
            Send test event
          </Button>
        </div>
        <div className="mt-3">
          <DeliveryLog deliveries={state.deliveries} />
        </div>
      </div>

      <ConfirmDialog
        open={confirmRotate}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onCancel={() => setConfirmRotate(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (result) => {
              setSecret(result.secret);
              toast.success('New signing secret created');
            },
            onError: (failure) => toast.error(failure.message),
            onSettled: () => setConfirmRotate(false),
          })
        }
      >
        <p>
          Deliveries are signed with the new secret from now on. Update your receiver, or it will
          reject them.
        </p>
      </ConfirmDialog>
    </div>
  );
}

export function WebhookPanel({ bots, loading }: { bots: BotSummary[]; loading: boolean }) {
  const [botId, setBotId] = useState<string | null>(null);
  const selectId = useId();
  const selected = bots.find((bot) => bot.id === botId) ?? bots[0] ?? null;

  return (
    <Panel
      title="Webhook"
      description="Send every new lead to your CRM or automation tool as it arrives."
      icon={<Webhook className="size-5" aria-hidden="true" />}
    >
      <div className="space-y-6 px-5 py-5 sm:px-6">
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="size-4" /> Loading chatbots...
          </p>
        ) : !selected ? (
          <p className="text-sm text-slate-600">Create a chatbot first to set up its webhook.</p>
        ) : (
          <>
            <div className="max-w-sm">
              <label htmlFor={selectId} className="block text-sm font-semibold text-slate-900">
                Chatbot
              </label>
              <select
                id={selectId}
                value={selected.id}
                onChange={(event) => setBotId(event.target.value)}
                className={controlStyles(false, 'mt-2')}
              >
                {bots.map((bot) => (
                  <option key={bot.id} value={bot.id}>
                    {bot.name}
                  </option>
                ))}
              </select>
            </div>
            <BotWebhook key={selected.id} botId={selected.id} />
          </>
        )}
      </div>
    </Panel>
  );
}
