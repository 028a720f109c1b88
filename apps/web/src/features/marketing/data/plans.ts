import {
  formatPlanPrice,
  planDefinitions,
  planLimitFeatures,
  trialDays,
  type SubscriptionTier,
} from '@askwell/shared';

export type PlanId = SubscriptionTier;

// Prices and limits come from the one plan definition the server enforces (packages/shared).
const free = planDefinitions.free;
const premium = planDefinitions.premium;

// The features a plan switches on or off, named as the pricing page names them.
const featureFlags = [
  { text: 'Public chat API and API keys', included: (plan: typeof free) => plan.limits.apiAccess },
  {
    text: 'Bring your own AI provider',
    included: (plan: typeof free) => plan.limits.ownProviderKeys,
  },
  { text: 'Custom branding', included: (plan: typeof free) => plan.limits.removeBranding },
];

function flagsOf(plan: typeof free) {
  return featureFlags.filter((flag) => flag.included(plan)).map((flag) => flag.text);
}

export type Plan = {
  id: PlanId;
  name: string;
  price: string;
  cadence: string;
  description: string;
  cta: string;
  highlighted: boolean;
  features: string[];
};

export const plans: Plan[] = [
  {
    id: 'free',
    name: free.name,
    price: formatPlanPrice(free),
    cadence: 'per month',
    description: 'Everything you need to launch your first AI chatbot on one website.',
    cta: 'Start for free',
    highlighted: false,
    features: [
      ...planLimitFeatures('free'),
      'Train on documents and your website',
      'Website widget with one script tag',
      'Lead capture',
      'Core analytics',
      ...flagsOf(free),
      'Email support',
    ],
  },
  {
    id: 'premium',
    name: premium.name,
    price: formatPlanPrice(premium),
    cadence: 'per month',
    description: 'For growing teams that run several chatbots and want deeper insight and control.',
    cta: `Start ${trialDays}-day free trial`,
    highlighted: true,
    features: [
      'Everything in Free',
      ...planLimitFeatures('premium'),
      'Advanced analytics and reports',
      ...flagsOf(premium),
      'Priority support',
    ],
  },
];

export type ComparisonRow = { feature: string; free: boolean | string; premium: boolean | string };

export const planComparison: ComparisonRow[] = [
  {
    feature: 'AI chatbots',
    free: String(free.limits.chatbots),
    premium: `Up to ${premium.limits.chatbots}`,
  },
  {
    feature: 'Messages per month',
    free: free.limits.messagesPerMonth.toLocaleString('en'),
    premium: premium.limits.messagesPerMonth.toLocaleString('en'),
  },
  {
    feature: 'Documents per chatbot',
    free: free.limits.documentsPerBot.toLocaleString('en'),
    premium: premium.limits.documentsPerBot.toLocaleString('en'),
  },
  {
    feature: 'Website pages per chatbot',
    free: free.limits.websitePagesPerBot.toLocaleString('en'),
    premium: premium.limits.websitePagesPerBot.toLocaleString('en'),
  },
  { feature: 'Training from documents and websites', free: true, premium: true },
  { feature: 'Multilingual answers', free: true, premium: true },
  { feature: 'Lead capture', free: true, premium: true },
  { feature: 'Website widget', free: true, premium: true },
  { feature: 'Advanced analytics and reports', free: false, premium: true },
  ...featureFlags.map((flag) => ({
    feature: flag.text,
    free: flag.included(free),
    premium: flag.included(premium),
  })),
  { feature: 'Priority support', free: false, premium: true },
];

export type Faq = { question: string; answer: string };

export const pricingFaqs: Faq[] = [
  {
    question: 'How does the 14-day free trial work?',
    answer:
      `Every new account gets ${trialDays} days with full feature access. You can build, train and embed chatbots straight away, then choose the plan that fits.`,
  },
  {
    question: 'Do I need a credit card to start?',
    answer: 'No. You can sign up and use Askwell for the whole trial without entering any payment details.',
  },
  {
    question: 'What can I train my chatbot on?',
    answer:
      'PDF, DOC, DOCX, TXT and Markdown files up to 10 MB each, plus the pages of your website. Askwell keeps your knowledge up to date as you add sources.',
  },
  {
    question: 'Can I use my own AI provider?',
    answer:
      'Yes. On Premium you can connect OpenAI, Anthropic, Google or any OpenAI-compatible endpoint. Your keys are encrypted before they are stored.',
  },
  {
    question: 'Can I change or cancel my plan later?',
    answer: 'Yes. You can upgrade, downgrade or cancel at any time from your dashboard settings.',
  },
];
