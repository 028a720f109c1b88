import type { SubscriptionTier } from './auth';

// The trial's length (`trialDays`, in auth.ts) is read by registration.

// The one definition of what each plan costs and allows: the pricing page, the dashboard's
// Plan & Billing, the server's quota checks, checkout and the back office all read it.
export type PlanLimits = {
  chatbots: number;
  documentsPerBot: number;
  websitePagesPerBot: number;
  messagesPerMonth: number;
  apiAccess: boolean;
  ownProviderKeys: boolean;
  removeBranding: boolean;
};

export type PlanDefinition = {
  id: SubscriptionTier;
  name: string;
  // In the smallest unit of `currency` (cents), as the payment providers take it.
  priceMonthlyMinor: number;
  currency: 'usd';
  limits: PlanLimits;
};

export const planDefinitions: Record<SubscriptionTier, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    priceMonthlyMinor: 0,
    currency: 'usd',
    limits: {
      chatbots: 1,
      documentsPerBot: 20,
      websitePagesPerBot: 50,
      messagesPerMonth: 500,
      apiAccess: false,
      ownProviderKeys: false,
      removeBranding: false,
    },
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    priceMonthlyMinor: 4900,
    currency: 'usd',
    limits: {
      chatbots: 10,
      documentsPerBot: 500,
      websitePagesPerBot: 1000,
      messagesPerMonth: 10000,
      apiAccess: true,
      ownProviderKeys: true,
      removeBranding: true,
    },
  },
};
