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
      // A website is added with up to 100 pages by default; Free must hold one such site.
      websitePagesPerBot: 100,
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
      chatbots: 25,
      documentsPerBot: 1000,
      websitePagesPerBot: 2000,
      messagesPerMonth: 10000,
      apiAccess: true,
      ownProviderKeys: true,
      removeBranding: true,
    },
  },
};

// What an account may use right now. 'trial' carries Premium's limits until `trialEndsAt`;
// 'staff' accounts are never limited.
export type PlanStatus = 'trial' | 'premium' | 'free' | 'staff';

// The limits a quota check can refuse on, each named the way customers read it.
export type QuotaLimit = keyof PlanLimits;

export type UsageMeter = { used: number; limit: number };

// GET /api/plan: the signed-in account's plan and how much of it is used.
export type AccountPlan = {
  tier: SubscriptionTier;
  status: PlanStatus;
  trialEndsAt: string | null;
  // Renewal or end of the paid period, when a subscription knows it.
  periodEndsAt: string | null;
  limits: PlanLimits;
  usage: {
    periodStart: string;
    messages: UsageMeter;
    chatbots: UsageMeter;
    // The fullest of the account's bots, so the meter shows the one closest to its limit.
    documentsPerBot: UsageMeter;
    websitePagesPerBot: UsageMeter;
  };
  // Chatbots kept but not answering because the account is over the Free plan's chatbot limit.
  pausedBotIds: string[];
};

export function formatPlanPrice(plan: PlanDefinition) {
  const amount = plan.priceMonthlyMinor / 100;
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

const limitNames: Record<QuotaLimit, (count: number) => string> = {
  chatbots: (n) => (n === 1 ? '1 chatbot' : `${n.toLocaleString('en')} chatbots`),
  documentsPerBot: (n) => `${n.toLocaleString('en')} documents per chatbot`,
  websitePagesPerBot: (n) => `${n.toLocaleString('en')} website pages per chatbot`,
  messagesPerMonth: (n) => `${n.toLocaleString('en')} messages per month`,
  apiAccess: () => 'the public chat API',
  ownProviderKeys: () => 'your own AI provider keys',
  removeBranding: () => 'removing the “Powered by Askwell” line',
};

export function limitText(limit: QuotaLimit, limits: PlanLimits) {
  return limitNames[limit](Number(limits[limit]));
}

// The message every refusal carries (HTTP 402 `quota_exceeded`), shown as is where the action
// was tried: which limit was reached and how to raise it.
export function quotaExceededMessage(limit: QuotaLimit, tier: SubscriptionTier) {
  const plan = planDefinitions[tier];
  const upgrade = 'Upgrade to Premium in Settings → Plan & Billing';
  if (limit === 'apiAccess' || limit === 'ownProviderKeys' || limit === 'removeBranding') {
    return `The ${plan.name} plan does not include ${limitNames[limit](0)}. ${upgrade} to use it.`;
  }
  const reached = `You have reached your ${plan.name} plan’s limit of ${limitText(limit, plan.limits)}.`;
  if (tier === 'premium') {
    return limit === 'messagesPerMonth'
      ? `${reached} It resets on the first day of next month (UTC); contact support to raise it.`
      : `${reached} Contact support to raise it.`;
  }
  return limit === 'messagesPerMonth'
    ? `${reached} ${upgrade} to raise it to ${limitText(limit, planDefinitions.premium.limits)}, or wait for next month (UTC).`
    : `${reached} ${upgrade} to raise it to ${limitText(limit, planDefinitions.premium.limits)}.`;
}

// The limits as the pricing page lists them, so the page can never promise other numbers than
// the server enforces.
export function planLimitFeatures(tier: SubscriptionTier) {
  const { limits } = planDefinitions[tier];
  return [
    limits.chatbots === 1 ? '1 AI chatbot' : `Up to ${limits.chatbots} AI chatbots`,
    `${limits.messagesPerMonth.toLocaleString('en')} messages per month`,
    `${limits.documentsPerBot.toLocaleString('en')} documents and ${limits.websitePagesPerBot.toLocaleString('en')} website pages per chatbot`,
  ];
}
