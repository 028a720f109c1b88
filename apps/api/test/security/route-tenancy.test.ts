import {
  botDefaults,
  type ApiKey,
  type Bot,
  type ConversationDetail,
  type KnowledgeSource,
  type Lead,
} from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteEntry } from '../../src/plugins/route-table';
import {
  callAs,
  createTwoAccounts,
  fillParams,
  isApiRoute,
  type TwoAccounts,
} from './support/two-accounts';

// Tenancy on every /api and /v1 route, generated from the app's own route table: a route added
// tomorrow is probed here without anyone writing a test for it.
let accounts: TwoAccounts;
let routes: RouteEntry[];

// One body that passes the common request schemas (zod drops the keys a route does not know), so
// a request reaches the ownership check instead of stopping at validation, with every id another
// account could smuggle in.
const smuggledBody = (ids: Record<string, string>) => ({
  ...botDefaults,
  ...ids,
  name: 'Probe',
  message: 'What does the handbook say?',
  url: 'https://probe.example.com/',
  status: 'contacted',
  rating: 'up',
  pairs: [{ question: 'Probe?', answer: 'Probe.' }],
});
// The same for query strings: keys a route does not know are dropped.
const probeQuery = new URLSearchParams({
  q: 'handbook',
  origin: 'https://probe.example.com',
}).toString();

beforeAll(async () => {
  accounts = await createTwoAccounts();
  routes = accounts.context.app.routeTable.filter(isApiRoute);
}, 120_000);
afterAll(async () => accounts?.close());

// better-auth's routes act on the caller's own account; their parameters (a reset token, a sign-in
// provider) name no object another account owns.
function ownAccount(route: RouteEntry) {
  return route.url.startsWith('/api/auth/');
}

function leaksFrom(body: string) {
  return accounts.alpha.markers.filter((marker) => body.toLowerCase().includes(marker));
}

describe('tenancy across two accounts, on every route of the route table', () => {
  test('when the route table is read, then it holds the routes this suite must cover', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('GET /api/bots/:botId');
    expect(urls).toContain('POST /v1/chat');
    expect(urls).toContain('PUT /v1/widget/bots/:botId/messages/:messageId/feedback');
    expect(routes.length).toBeGreaterThan(40);
  });

  test("when account B calls every route that takes an id with account A's ids, then it gets 404 (or 403) and none of A's data", async () => {
    const { context, alpha, beta } = accounts;
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.params.length > 0 && !ownAccount(entry))) {
      const filled = fillParams(route, alpha.ids, probeQuery);
      if (!filled.url) {
        failures.push(`${route.method} ${route.url}: no fixture for ${filled.missing.join(', ')}`);
        continue;
      }
      const payload =
        route.method === 'GET' || route.method === 'DELETE' ? undefined : smuggledBody(alpha.ids);
      const response = await callAs(context, beta, route, filled.url, payload);
      const label = `${route.method} ${route.url} → ${response.statusCode}`;
      if (![403, 404].includes(response.statusCode)) failures.push(`${label}: expected 404 or 403`);
      const leaks = leaksFrom(response.body);
      if (leaks.length > 0) failures.push(`${label}: shows ${leaks.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  test("when account B combines its own bot with A's other ids, then nothing of A's is shown or changed", async () => {
    const { context, alpha, beta } = accounts;
    const failures: string[] = [];
    const mixed = { ...alpha.ids, botId: beta.bot.id };
    for (const route of routes.filter(
      (entry) => entry.params.includes('botId') && entry.params.length > 1,
    )) {
      const filled = fillParams(route, mixed, probeQuery);
      if (!filled.url) continue;
      const payload =
        route.method === 'GET' || route.method === 'DELETE' ? undefined : smuggledBody(alpha.ids);
      const response = await callAs(context, beta, route, filled.url, payload);
      const label = `${route.method} ${route.url} → ${response.statusCode}`;
      if (response.statusCode >= 500) failures.push(`${label}: server error`);
      if (response.statusCode < 300 && route.method !== 'DELETE') {
        failures.push(`${label}: accepted another account's id`);
      }
      const leaks = leaksFrom(response.body);
      if (leaks.length > 0) failures.push(`${label}: shows ${leaks.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  test("when account B calls every route without an id, with A's ids in the query and body, then it never sees A's data", async () => {
    const { context, alpha, beta } = accounts;
    const failures: string[] = [];
    const query = new URLSearchParams({
      q: 'handbook',
      botId: alpha.ids.botId!,
      visitorId: alpha.ids.visitorId!,
    });
    for (const route of routes.filter((entry) => entry.params.length === 0 && !ownAccount(entry))) {
      const url = route.method === 'GET' ? `${route.url}?${query}` : route.url;
      const payload =
        route.method === 'GET' || route.method === 'DELETE' ? undefined : smuggledBody(alpha.ids);
      const response = await callAs(context, beta, route, url, payload);
      const label = `${route.method} ${route.url} → ${response.statusCode}`;
      if (response.statusCode >= 500) failures.push(`${label}: server error`);
      const leaks = leaksFrom(response.body);
      if (leaks.length > 0) failures.push(`${label}: shows ${leaks.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // The same listings do show A's markers to A, so their absence above means something.
    for (const url of ['/api/bots', '/api/sources', '/api/leads', '/api/conversations']) {
      expect(leaksFrom((await alpha.browser.get(url)).body), url).not.toEqual([]);
    }
  });

  test("when B's attempts are over, then every one of A's objects is still there, unchanged", async () => {
    const { alpha } = accounts;
    const bot = await alpha.browser.get(`/api/bots/${alpha.ids.botId}`);
    expect(bot.statusCode).toBe(200);
    expect(bot.json<Bot>().name).toBe(alpha.bot.name);
    const sources = (await alpha.browser.get('/api/sources')).json<KnowledgeSource[]>();
    expect(sources.find((source) => source.id === alpha.ids.sourceId)?.status).toBe('completed');
    const lead = await alpha.browser.get(`/api/leads/${alpha.ids.leadId}`);
    expect(lead.json<Lead>().status).toBe('new');
    const conversation = await alpha.browser.get(`/api/conversations/${alpha.ids.conversationId}`);
    const messages = conversation.json<ConversationDetail>().messages;
    expect(messages.find((message) => message.id === alpha.ids.messageId)?.feedback).toBeNull();
    const keys = (await alpha.browser.get('/api/api-keys')).json<{ keys: ApiKey[] }>().keys;
    expect(keys.find((key) => key.id === alpha.ids.keyId)?.revokedAt).toBeNull();
    const webhook = await alpha.browser.get(`/api/bots/${alpha.ids.botId}/webhook`);
    expect(webhook.json<{ url: string | null }>().url).toContain(alpha.markers[0]);
  });
});
