import type { DashboardOverview as Overview } from '@askwell/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { browserTimeZone, overviewKeys } from '@/hooks/use-dashboard-overview';
import { DashboardOverview } from './dashboard-overview';
import { formatPercent, formatSeconds } from './stat-cards';

const base: Overview = {
  hasDemoData: false,
  activeUsers: 3,
  activeChats: 2,
  totalChats: 8,
  successfulLeads: 1,
  conversionRate: 12.5,
  averageResponseSeconds: 1.4,
  answeredToday: 5,
  alerts: [],
  activity: [],
};

function render(data?: Overview) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (data) client.setQueryData(overviewKeys.detail(browserTimeZone()), data);
  const html = renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(QueryClientProvider, { client }, createElement(DashboardOverview)),
    ),
  );
  // Text as read, without tags and React's comment markers.
  const text = html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return { html, text };
}

describe('dashboard overview', () => {
  it('when figures are fetched, then each card shows them with its caption', () => {
    const { html, text } = render(base);
    expect(html.match(/role="group"/g)).toHaveLength(4);
    expect(text).toContain('Active Users 3 Visitors on your sites now');
    expect(text).toContain('Active Chats 2 Live conversations');
    expect(text).toContain(`Successful Leads 1 Conversion rate ${formatPercent(12.5)}`);
    expect(text).toContain(`Response Time ${formatSeconds(1.4)} Average time`);
    expect(html).toContain('href="/dashboard/analytics"');
    expect(text).toContain(
      'No activity yet. Leads, documents and chatbot changes will appear here.',
    );
    expect(text).toContain('No active alerts');
    expect(text).not.toMatch(/\d+ alerts?/);
  });

  it('when nothing was answered and there are alerts, then the time is a dash and alerts are counted', () => {
    const { html, text } = render({
      ...base,
      totalChats: 0,
      conversionRate: 0,
      averageResponseSeconds: null,
      alerts: [
        {
          id: 'a1',
          type: 'error',
          message: 'Manual.pdf could not be processed',
          timestamp: new Date().toISOString(),
          link: '/dashboard/documents',
        },
      ],
      activity: [
        {
          id: 'e1',
          kind: 'lead_captured',
          message: 'New lead: Ada',
          timestamp: new Date().toISOString(),
        },
      ],
    });
    expect(text).toContain(`Conversion rate ${formatPercent(0)}`);
    expect(text).toContain('Response Time — No answers yet today 1 alert');
    expect(html).toContain('aria-label="System alerts"');
    expect(html).toContain('aria-label="Recent activity"');
    expect(text).toContain('Manual.pdf could not be processed');
    expect(text).toContain('View');
    expect(html).toContain('href="/dashboard/documents"');
    expect(text).toContain('New lead: Ada just now');
    expect(html).toMatch(/<time datetime="[^"]+"/i);
  });

  it('when the figures are still on their way, then it says it is loading', () => {
    expect(render().text).toContain('Loading...');
  });

  it('writes one decimal always', () => {
    const en = new Intl.NumberFormat(undefined).resolvedOptions().locale.startsWith('en');
    if (!en) return;
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatSeconds(1.4)).toBe('1.4s');
    expect(formatSeconds(2)).toBe('2.0s');
  });
});
