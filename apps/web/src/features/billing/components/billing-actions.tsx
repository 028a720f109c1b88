import {
  paymentProviderLabels,
  type BillingState,
  type CheckoutResult,
  type PaymentProvider,
} from '@askwell/shared';
import { CircleAlert, CreditCard, ExternalLink } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { RetryButton } from '@/components/ui/retry-button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatUsd } from '@/lib/format';

import {
  useBilling,
  useCancelAtPeriodEnd,
  useCheckout,
  useInvoices,
  usePortal,
} from '../api/billing';

type RazorpayOptions = {
  key: string;
  subscription_id: string;
  name: string;
  description: string;
  prefill: { email: string };
  handler: () => void;
  modal: { ondismiss: () => void };
};
type RazorpayWindow = Window & {
  Razorpay?: new (options: RazorpayOptions) => { open: () => void };
};

const razorpayScript = 'https://checkout.razorpay.com/v1/checkout.js';

// Razorpay's checkout runs only from its own script; it is fetched when the owner chooses it.
function loadRazorpay() {
  return new Promise<void>((resolve, reject) => {
    if ((window as RazorpayWindow).Razorpay) return resolve();
    const script = document.createElement('script');
    script.src = razorpayScript;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('not loaded'));
    document.body.append(script);
  });
}

function givesPremium(subscription: BillingState['subscription']) {
  if (!subscription) return false;
  if (subscription.status === 'active' || subscription.status === 'trialing') return true;
  return (
    subscription.status === 'past_due' &&
    Boolean(subscription.grace_ends_at) &&
    new Date(subscription.grace_ends_at!) > new Date()
  );
}

function StatusLine({ subscription }: { subscription: NonNullable<BillingState['subscription']> }) {
  const end = subscription.current_period_end ? formatDate(subscription.current_period_end) : null;
  if (subscription.status === 'past_due') {
    return (
      <p
        role="alert"
        className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Past due: your last payment failed. Update your payment method
          {subscription.grace_ends_at ? ` by ${formatDate(subscription.grace_ends_at)}` : ''} to
          keep Premium; after that your account becomes Free.
        </span>
      </p>
    );
  }
  if (!givesPremium(subscription)) return null;
  if (subscription.provider === 'staff') {
    return (
      <p className="text-sm text-slate-700">
        Premium granted by Askwell{end ? ` until ${end}` : ''}.
      </p>
    );
  }
  const via = paymentProviderLabels[subscription.provider];
  return (
    <p className="text-sm text-slate-700">
      Premium, paid with {via}.{' '}
      {end &&
        (subscription.cancel_at_period_end ? (
          <strong className="font-semibold text-slate-900">
            Cancels on {end}; Free after that.
          </strong>
        ) : (
          <>Renews on {end}.</>
        ))}
    </p>
  );
}

// Plan & Billing's actions (rendered by the settings page's Plan & Billing section): upgrade with
// each provider staff enabled, manage billing, invoices, cancel at period end and resume.
export function BillingActions() {
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const billing = useBilling({ awaitingPayment: returned === 'success' });
  const checkout = useCheckout();
  const portal = usePortal();
  const cancel = useCancelAtPeriodEnd();
  const [razorpayError, setRazorpayError] = useState<string | null>(null);
  const state = billing.data;
  const invoices = useInvoices(Boolean(state?.can_manage));
  const queryClient = useQueryClient();
  const nowPremium = givesPremium(state?.subscription ?? null);
  // The plan, its limits and the sidebar read other queries: once the webhook made the account
  // Premium, every view of it is refreshed.
  useEffect(() => {
    if (nowPremium && returned === 'success') void queryClient.invalidateQueries();
  }, [nowPremium, returned, queryClient]);

  if (billing.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading billing…
      </div>
    );
  }
  if (billing.isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          Billing could not be loaded. {billing.error.message}
        </p>
        <RetryButton query={billing} />
      </div>
    );
  }

  const subscription = state!.subscription;
  const premium = givesPremium(subscription);
  const paid = subscription && subscription.provider !== 'staff';
  const canCancel = paid && premium && ['active', 'past_due'].includes(subscription.status);

  const startCheckout = async (provider: PaymentProvider) => {
    setRazorpayError(null);
    let result: CheckoutResult;
    try {
      result = await checkout.mutateAsync(provider);
    } catch {
      return;
    }
    if (result.provider === 'stripe') {
      window.location.assign(result.url);
      return;
    }
    try {
      await loadRazorpay();
    } catch {
      setRazorpayError(
        "Razorpay's checkout could not be loaded. Check your connection, or pay by card.",
      );
      return;
    }
    const Razorpay = (window as RazorpayWindow).Razorpay!;
    new Razorpay({
      key: result.key_id,
      subscription_id: result.subscription_id,
      name: result.name,
      description: result.description,
      prefill: { email: result.prefill_email },
      // The plan changes when Razorpay's webhook arrives; until then the state is asked again.
      handler: () => void billing.refetch(),
      modal: { ondismiss: () => undefined },
    }).open();
  };

  const providers = state!.providers;
  const error = checkout.error ?? portal.error ?? cancel.error;

  return (
    <div className="space-y-4">
      {returned === 'success' && !premium && (
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 ring-1 ring-brand-100"
        >
          Payment received. Your plan changes to Premium as soon as the payment provider confirms
          it.
        </p>
      )}
      {returned === 'canceled' && !premium && (
        <p role="status" className="text-sm text-slate-700">
          Checkout was canceled. You have not been charged.
        </p>
      )}
      {subscription && <StatusLine subscription={subscription} />}

      <div className="flex flex-wrap gap-2">
        {!premium &&
          providers.map((provider, index) => (
            <Button
              key={provider}
              variant={index === 0 ? 'primary' : 'secondary'}
              disabled={checkout.isPending}
              onClick={() => void startCheckout(provider)}
            >
              {checkout.isPending && checkout.variables === provider ? (
                <Spinner className="size-4" />
              ) : (
                <CreditCard className="size-4" aria-hidden="true" />
              )}
              {providers.length > 1 && provider === 'razorpay'
                ? 'Upgrade to Premium with Razorpay'
                : 'Upgrade to Premium'}
            </Button>
          ))}
        {state!.can_manage && (
          <Button
            variant="secondary"
            disabled={portal.isPending}
            onClick={() =>
              portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })
            }
          >
            {portal.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <ExternalLink className="size-4" aria-hidden="true" />
            )}
            Manage billing
          </Button>
        )}
        {canCancel &&
          (subscription.cancel_at_period_end ? (
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(false)}
            >
              {cancel.isPending ? 'Resuming...' : 'Resume'}
            </Button>
          ) : (
            <Button variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(true)}>
              {cancel.isPending ? 'Canceling...' : 'Cancel at period end'}
            </Button>
          ))}
      </div>
      {!premium && providers.length === 0 && (
        <p className="text-sm text-slate-600">
          Online payment is not available right now. Contact support to upgrade to Premium.
        </p>
      )}
      {(error || razorpayError) && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {razorpayError ?? error?.message}
        </p>
      )}

      {state!.can_manage && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Invoices</h3>
          {invoices.isPending ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading invoices…
            </p>
          ) : invoices.isError ? (
            <div className="mt-2 space-y-2">
              <p role="alert" className="text-sm text-red-700">
                Invoices could not be loaded. {invoices.error.message}
              </p>
              <RetryButton query={invoices} />
            </div>
          ) : invoices.data.invoices.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No invoices yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
              {invoices.data.invoices.map((invoice) => (
                <li
                  key={invoice.id}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm"
                >
                  <span className="text-slate-900">{formatDate(invoice.created_at)}</span>
                  <span className="text-slate-600">{invoice.number ?? 'Draft'}</span>
                  <span className="font-medium text-slate-900">
                    {invoice.currency === 'usd'
                      ? formatUsd(invoice.amount_minor / 100)
                      : `${(invoice.amount_minor / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`}
                  </span>
                  <span className="capitalize text-slate-600">{invoice.status ?? ''}</span>
                  {invoice.url && (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noreferrer"
                      className="ml-auto font-semibold text-brand-800 hover:underline"
                    >
                      View<span className="sr-only"> invoice {invoice.number}</span>
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
