export type DemoMessage =
  | { kind: 'bot'; text: string; source?: string }
  | { kind: 'visitor'; text: string }
  | { kind: 'lead'; text: string };

export const demoConversation: DemoMessage[] = [
  { kind: 'bot', text: 'Hello! How can I help you today?' },
  { kind: 'visitor', text: 'Do you ship to Canada, and how long does delivery take?' },
  {
    kind: 'bot',
    text: 'Yes! Orders to Canada arrive in 3–5 business days, and shipping is free over $75.',
    source: 'Shipping policy.pdf',
  },
  { kind: 'visitor', text: 'Great. Could someone send me a quote for 40 units for our office?' },
  {
    kind: 'bot',
    text: 'Of course. What’s the best email to reach you? Our team will send a tailored quote today.',
  },
  { kind: 'visitor', text: 'jordan@northpeak.io' },
  { kind: 'lead', text: 'Lead captured and sent to your sales team' },
];
