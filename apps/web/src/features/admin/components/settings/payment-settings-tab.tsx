import {
  paymentSettingsNotice,
  type MaskedSecret,
  type PaymentSettingsUpdate,
  type PaymentSettingsView,
} from '@askwell/shared';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { controlStyles } from '@/components/ui/form-field';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { usePaymentSettings, useSavePaymentSettings } from '@/features/admin/api/payment-settings';

type Mode = 'test' | 'live';
type TextField = { name: string; label: string; secret: boolean };

const cardFields: TextField[] = [
  { name: 'publishableKey', label: 'Publishable key', secret: false },
  { name: 'secretKey', label: 'Secret key', secret: true },
  { name: 'webhookSecret', label: 'Webhook signing secret', secret: true },
];
const regionalFields: TextField[] = [
  { name: 'keyId', label: 'Key ID', secret: false },
  { name: 'keySecret', label: 'Key secret', secret: true },
  { name: 'webhookSecret', label: 'Webhook secret', secret: true },
];

type Draft = {
  enabled: boolean;
  testMode: boolean;
  // Public ids as stored; secrets start empty (empty keeps the stored one).
  values: Record<Mode, Record<string, string>>;
  stored: Record<Mode, Record<string, MaskedSecret | string>>;
};

function draftOf(section: PaymentSettingsView['card'] | PaymentSettingsView['regional']): Draft {
  const values = (mode: Mode) =>
    Object.fromEntries(
      Object.entries(section[mode]).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : '',
      ]),
    );
  return {
    enabled: section.enabled,
    testMode: section.testMode,
    values: { test: values('test'), live: values('live') },
    stored: {
      test: { ...section.test } as Record<string, MaskedSecret | string>,
      live: { ...section.live } as Record<string, MaskedSecret | string>,
    },
  };
}

function ProviderSection({
  id,
  title,
  description,
  webhookPath,
  fields,
  draft,
  onChange,
}: {
  id: string;
  title: string;
  description: string;
  webhookPath: string;
  fields: TextField[];
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const set = (mode: Mode, name: string, value: string) =>
    onChange({
      ...draft,
      values: { ...draft.values, [mode]: { ...draft.values[mode], [name]: value } },
    });
  return (
    <fieldset className="rounded-xl p-4 ring-1 ring-slate-200 sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <p className="text-sm text-slate-600">{description}</p>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-brand-800"
            checked={draft.enabled}
            onChange={(event) => onChange({ ...draft, enabled: event.target.checked })}
          />
          Enabled
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-brand-800"
            checked={draft.testMode}
            onChange={(event) => onChange({ ...draft, testMode: event.target.checked })}
          />
          Test mode (use the test keys)
        </label>
      </div>
      <p className="mt-2 break-all text-xs text-slate-600">
        Webhook URL to register with the provider:{' '}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-800">
          {window.location.origin}
          {webhookPath}
        </code>
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {(['test', 'live'] as const).map((mode) => (
          <div
            key={mode}
            className={`space-y-3 rounded-lg p-3 ring-1 ${
              (mode === 'test') === draft.testMode
                ? 'bg-brand-50/40 ring-brand-200'
                : 'ring-slate-200'
            }`}
          >
            <h4 className="text-sm font-semibold text-slate-900">
              {mode === 'test' ? 'Test keys' : 'Live keys'}
              {(mode === 'test') === draft.testMode && (
                <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900">
                  in use
                </span>
              )}
            </h4>
            {fields.map((field) => {
              const inputId = `${id}-${mode}-${field.name}`;
              const stored = draft.stored[mode][field.name];
              const masked = typeof stored === 'object' && stored?.set ? stored.masked : null;
              return (
                <div key={field.name}>
                  <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
                    {field.label}
                  </label>
                  <input
                    id={inputId}
                    type={field.secret ? 'password' : 'text'}
                    autoComplete="off"
                    spellCheck={false}
                    className={controlStyles(false, 'mt-1 font-mono')}
                    value={draft.values[mode][field.name] ?? ''}
                    placeholder={field.secret ? (masked ? `${masked} (saved)` : 'Not set') : ''}
                    onChange={(event) => set(mode, field.name, event.target.value)}
                  />
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function PaymentSettingsForm({ view }: { view: PaymentSettingsView }) {
  const save = useSavePaymentSettings();
  const [card, setCard] = useState(() => draftOf(view.card));
  const [regional, setRegional] = useState(() => draftOf(view.regional));
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // Public ids are sent as typed (empty clears one); an empty secret keeps the stored one.
    const keys = (draft: Draft, mode: Mode) => ({ ...draft.values[mode] });
    const body: PaymentSettingsUpdate = {
      card: {
        enabled: card.enabled,
        testMode: card.testMode,
        test: keys(card, 'test'),
        live: keys(card, 'live'),
      },
      regional: {
        enabled: regional.enabled,
        testMode: regional.testMode,
        test: keys(regional, 'test'),
        live: keys(regional, 'live'),
      },
    };
    save.mutate(body, {
      onSuccess: (next) => {
        setCard(draftOf(next.card));
        setRegional(draftOf(next.regional));
        setSaved(true);
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
        <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>{paymentSettingsNotice}</span>
      </p>
      <ProviderSection
        id="card"
        title="Card payment provider (Stripe)"
        description="Card payments and subscriptions through Stripe Checkout and its customer portal."
        webhookPath="/api/billing/webhooks/stripe"
        fields={cardFields}
        draft={card}
        onChange={setCard}
      />
      <ProviderSection
        id="regional"
        title="Regional payment provider (Razorpay)"
        description="Subscriptions through Razorpay's checkout (UPI, cards and netbanking in India)."
        webhookPath="/api/billing/webhooks/razorpay"
        fields={regionalFields}
        draft={regional}
        onChange={setRegional}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner className="size-4" />}
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
        {saved && !save.isPending && (
          <p role="status" className="text-sm text-green-700">
            Payment settings saved.
          </p>
        )}
        {save.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {save.error.message}
          </p>
        )}
      </div>
    </form>
  );
}

// The Payment tab of /admin/settings: both providers' keys, test and live apart.
export function PaymentSettingsTab() {
  const settings = usePaymentSettings();
  if (settings.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading payment settings…
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          Payment settings could not be loaded. {settings.error.message}
        </p>
        <RetryButton query={settings} />
      </div>
    );
  }
  return <PaymentSettingsForm view={settings.data} />;
}
