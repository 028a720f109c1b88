export const site = {
  name: 'Askwell',
  copyright: '© 2025 Askwell. All rights reserved.',
  trialTerms: '14-day free trial, no credit card required, full feature access',
} as const;

export const pageTitle = (page: string) => `${site.name} — ${page}`;
