export type PlanId = 'free' | 'premium';

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
    name: 'Free',
    price: '$0',
    cadence: 'per month',
    description: 'Everything you need to launch your first AI chatbot on one website.',
    cta: 'Start for free',
    highlighted: false,
    features: [
      '1 AI chatbot',
      'Train on documents and your website',
      'Website widget with one script tag',
      'Lead capture',
      'Core analytics',
      'Email support',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: '$49',
    cadence: 'per month',
    description: 'For growing teams that run several chatbots and want deeper insight and control.',
    cta: 'Start 14-day free trial',
    highlighted: true,
    features: [
      'Everything in Free',
      'Multiple AI chatbots',
      'Advanced analytics and reports',
      'Public chat API and API keys',
      'Bring your own AI provider',
      'Custom branding',
      'Priority support',
    ],
  },
];

export type ComparisonRow = { feature: string; free: boolean | string; premium: boolean | string };

export const planComparison: ComparisonRow[] = [
  { feature: 'AI chatbots', free: '1', premium: 'Multiple' },
  { feature: 'Training from documents and websites', free: true, premium: true },
  { feature: 'Multilingual answers', free: true, premium: true },
  { feature: 'Lead capture', free: true, premium: true },
  { feature: 'Website widget', free: true, premium: true },
  { feature: 'Advanced analytics and reports', free: false, premium: true },
  { feature: 'Public chat API and API keys', free: false, premium: true },
  { feature: 'Bring your own AI provider', free: false, premium: true },
  { feature: 'Custom branding', free: false, premium: true },
  { feature: 'Priority support', free: false, premium: true },
];

export type Faq = { question: string; answer: string };

export const pricingFaqs: Faq[] = [
  {
    question: 'How does the 14-day free trial work?',
    answer:
      'Every new account gets 14 days with full feature access. You can build, train and embed chatbots straight away, then choose the plan that fits.',
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
