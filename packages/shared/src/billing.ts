import { z } from 'zod';
import type { MaskedSecret } from './settings';

// Payments (issue 15): the card provider is Stripe, the regional one Razorpay. Subscription state
// changes only from the providers' verified webhooks (and staff grants); these are the shapes the
// browser and the API exchange about it.

export const paymentProviders = ['stripe', 'razorpay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
export const paymentProviderLabels: Record<PaymentProvider, string> = {
  stripe: 'Card (Stripe)',
  razorpay: 'Razorpay',
};

// --- Payment Settings (back office, super_admin) ----------------------------------------------

export const paymentSettingsNotice =
  'Provider credentials are encrypted before storage. Keep test and production keys separate: test mode uses the test keys, live mode the live keys.';

const key = (label: string) =>
  z.string().trim().max(500, `Keep the ${label} under 500 characters.`).optional();

// A secret left empty keeps the stored one; a value replaces it.
const cardKeysSchema = z.object({
  publishableKey: key('publishable key'),
  secretKey: key('secret key'),
  webhookSecret: key('webhook secret'),
});
const regionalKeysSchema = z.object({
  keyId: key('key id'),
  keySecret: key('key secret'),
  webhookSecret: key('webhook secret'),
});

export const paymentSettingsUpdateSchema = z.object({
  card: z.object({
    enabled: z.boolean(),
    testMode: z.boolean(),
    test: cardKeysSchema,
    live: cardKeysSchema,
  }),
  regional: z.object({
    enabled: z.boolean(),
    testMode: z.boolean(),
    test: regionalKeysSchema,
    live: regionalKeysSchema,
  }),
});
export type PaymentSettingsUpdate = z.infer<typeof paymentSettingsUpdateSchema>;

export type CardKeysView = {
  publishableKey: string;
  secretKey: MaskedSecret;
  webhookSecret: MaskedSecret;
};
export type RegionalKeysView = {
  keyId: string;
  keySecret: MaskedSecret;
  webhookSecret: MaskedSecret;
};
export type PaymentSettingsView = {
  card: { enabled: boolean; testMode: boolean; test: CardKeysView; live: CardKeysView };
  regional: { enabled: boolean; testMode: boolean; test: RegionalKeysView; live: RegionalKeysView };
};

// --- The customer's Plan & Billing -------------------------------------------------------------

export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'expired',
  'incomplete',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  expired: 'Ended',
  incomplete: 'Awaiting payment',
};

export type BillingSubscription = {
  provider: PaymentProvider | 'staff';
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  grace_ends_at: string | null;
};

export type BillingState = {
  // The providers staff enabled in Payment Settings (and configured with keys).
  providers: PaymentProvider[];
  subscription: BillingSubscription | null;
  // A Stripe customer exists: the customer portal and invoices can be opened.
  can_manage: boolean;
};

export const checkoutRequestSchema = z.object({
  provider: z.enum(paymentProviders, { error: 'Choose Stripe or Razorpay.' }),
});

export type CheckoutResult =
  | { provider: 'stripe'; url: string }
  | {
      provider: 'razorpay';
      key_id: string;
      subscription_id: string;
      name: string;
      description: string;
      prefill_email: string;
    };

export type BillingInvoice = {
  id: string;
  number: string | null;
  amount_minor: number;
  currency: string;
  status: string | null;
  created_at: string;
  url: string | null;
};

// --- Back office -------------------------------------------------------------------------------

export const premiumGrantSchema = z.object({
  months: z
    .number({ error: 'Choose how many months of Premium to grant.' })
    .int('Choose a whole number of months.')
    .min(1, 'Grant at least 1 month.')
    .max(24, 'Grant at most 24 months at a time.'),
});

export type RevenueMetrics = {
  currency: 'usd';
  // From paying subscriptions (Stripe and Razorpay) that are active or in their grace period.
  mrr_minor: number;
  arr_minor: number;
  // MRR now against MRR 30 days ago, in percent; null when there was none then.
  growth_percent: number | null;
  paying_subscriptions: number;
  staff_grants: number;
};

export const billingMessages = {
  providerDisabled: 'This payment method is not available. Choose another one or contact support.',
  alreadyPremium: 'You already have Premium.',
  noStripeCustomer: 'There is no card billing to manage yet. Upgrade to Premium first.',
  noSubscription: 'You have no subscription to change.',
  staffAccount: 'Staff accounts have no subscription.',
  providerFailed: 'The payment provider did not answer. Try again in a minute.',
  badSignature: 'The webhook signature is not valid.',
} as const;
