import { planDefinitions, type SubscriptionTier } from '@askwell/shared';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';

import { PlanComparison } from '../components/plan-comparison';
import { PricingPlans } from '../components/pricing-plans';

// What a visitor reads: the markup's text, one line per element.
function pageText(element: Parameters<typeof createElement>[0]) {
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(element as never)),
  );
  return html
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

// Each plan's card: from its name to the next plan's name.
function card(lines: string[], tier: SubscriptionTier) {
  const start = lines.indexOf(planDefinitions[tier].name);
  const next = lines.indexOf(planDefinitions.premium.name, start + 1);
  return lines.slice(start, tier === 'free' && next > 0 ? next : undefined);
}

const n = (value: number) => value.toLocaleString('en');

describe('the pricing page and the limits the server enforces', () => {
  const pricing = pageText(PricingPlans);
  const comparison = pageText(PlanComparison);

  test.each(['free', 'premium'] as const)(
    'when %s is shown, then its price and limits are those of planDefinitions',
    (tier) => {
      const plan = planDefinitions[tier];
      const text = card(pricing, tier);
      expect(text).toContain(`$${plan.priceMonthlyMinor / 100}`);
      expect(text).toContain(
        plan.limits.chatbots === 1 ? '1 AI chatbot' : `Up to ${plan.limits.chatbots} AI chatbots`,
      );
      expect(text).toContain(`${n(plan.limits.messagesPerMonth)} messages per month`);
      expect(text).toContain(
        `${n(plan.limits.documentsPerBot)} documents and ${n(plan.limits.websitePagesPerBot)} website pages per chatbot`,
      );
      const features = [
        ['Public chat API and API keys', plan.limits.apiAccess],
        ['Bring your own AI provider', plan.limits.ownProviderKeys],
        ['Custom branding', plan.limits.removeBranding],
      ] as const;
      for (const [feature, included] of features) {
        // Premium lists what Free lacks; "Everything in Free" covers the rest.
        const listed = text.includes(feature) || (tier === 'premium' && card(pricing, 'free').includes(feature));
        expect(listed, feature).toBe(included);
      }
    },
  );

  test('when the comparison table is shown, then each limit row matches planDefinitions', () => {
    const { free, premium } = planDefinitions;
    const row = (label: string) => comparison.slice(comparison.indexOf(label), comparison.indexOf(label) + 3);
    expect(row('AI chatbots')).toEqual([
      'AI chatbots',
      String(free.limits.chatbots),
      `Up to ${premium.limits.chatbots}`,
    ]);
    expect(row('Messages per month')).toEqual([
      'Messages per month',
      n(free.limits.messagesPerMonth),
      n(premium.limits.messagesPerMonth),
    ]);
    expect(row('Documents per chatbot')).toEqual([
      'Documents per chatbot',
      n(free.limits.documentsPerBot),
      n(premium.limits.documentsPerBot),
    ]);
    expect(row('Website pages per chatbot')).toEqual([
      'Website pages per chatbot',
      n(free.limits.websitePagesPerBot),
      n(premium.limits.websitePagesPerBot),
    ]);
  });
});
