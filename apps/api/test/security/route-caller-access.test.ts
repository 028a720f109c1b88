import type { ApiErrorBody } from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteEntry } from '../../src/plugins/route-table';
import { createApiKey } from '../support/chat-fixtures';
import {
  createTwoAccounts,
  fillParams,
  isApiRoute,
  type TwoAccounts,
} from './support/two-accounts';

// The callers that carry no Askwell session, on every route that declares one, generated from the
// route table: an API-key route refuses a missing, unknown, revoked or another account's key; a
// widget route refuses pages its bot is not allowed on and, with a visitor session, missing,
// forged or another bot's tokens. A /v1 route added tomorrow is probed here by its declaration.
let accounts: TwoAccounts;
let routes: RouteEntry[];
let revokedKey: string;

const question = 'Are returns free?';
// Valid for both API-key bodies (the plain chat and the OpenAI-compatible one), so a request
// reaches the bot check instead of stopping at validation.
const apiKeyBody = (botId: string) => ({
  botId,
  model: botId,
  message: question,
  messages: [{ role: 'user', content: question }],
});

beforeAll(async () => {
  accounts = await createTwoAccounts();
  routes = accounts.context.app.routeTable.filter(isApiRoute);
  const revoked = await createApiKey(accounts.alpha.browser, 'Revoked key');
  const revoke = await accounts.alpha.browser.delete(`/api/api-keys/${revoked.key.id}`);
  expect(revoke.statusCode, revoke.body).toBeLessThan(300);
  revokedKey = revoked.secret;
}, 120_000);
afterAll(async () => accounts?.close());

function routesFor(access: RouteEntry['access']) {
  return routes.filter((route) => route.access === access);
}

function urlOf(route: RouteEntry) {
  const { url, missing } = fillParams(route, accounts.alpha.ids);
  if (!url) throw new Error(`${route.method} ${route.url}: no fixture for ${missing.join(', ')}`);
  return url;
}

function call(route: RouteEntry, headers: Record<string, string>, payload?: object) {
  return accounts.context.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers,
    ...(payload && route.method !== 'GET' ? { payload } : {}),
  });
}

function refusal(response: { statusCode: number; json: <T>() => T }) {
  return `${response.statusCode} ${response.json<ApiErrorBody>().error?.code ?? 'no error'}`;
}

describe('who may call each /v1 route is declared', () => {
  test('when the route table is read, then every /v1 route but the API document declares an API key or a widget page', () => {
    const v1 = routes.filter((route) => route.url.startsWith('/v1/'));
    const named = (list: RouteEntry[]) => list.map((route) => `${route.method} ${route.url}`);
    expect(named(v1.filter((route) => route.access === 'public'))).toEqual([
      'GET /v1/openapi.json',
    ]);
    expect(named(routesFor('apiKey'))).toEqual(
      expect.arrayContaining(['POST /v1/chat', 'POST /v1/chat/completions']),
    );
    expect(named(routesFor('widgetPage'))).toEqual(
      expect.arrayContaining([
        'GET /v1/widget/bots/:botId/config',
        'POST /v1/widget/bots/:botId/sessions',
      ]),
    );
    expect(named(routesFor('widgetSession'))).toEqual(
      expect.arrayContaining([
        'GET /v1/widget/bots/:botId/conversation',
        'POST /v1/widget/bots/:botId/messages',
        'POST /v1/widget/bots/:botId/leads',
      ]),
    );
    // The session-less callers never reach the dashboard's API.
    const sessionless = new Set<RouteEntry['access']>(['apiKey', 'widgetPage', 'widgetSession']);
    expect(
      named(
        routes.filter((route) => !route.url.startsWith('/v1/') && sessionless.has(route.access)),
      ),
    ).toEqual([]);
  });
});

describe('API-key routes', () => {
  test('when the key is missing, unknown, revoked or another account’s, then 401 or 403 and no answer', async () => {
    const { alpha, beta } = accounts;
    const failures: string[] = [];
    for (const route of routesFor('apiKey')) {
      const body = apiKeyBody(alpha.bot.id);
      const cases: [string, Record<string, string>, string][] = [
        ['no key', {}, '401 unauthorized'],
        ['an unknown key', { authorization: 'Bearer ask_unknown_key_0000' }, '401 unauthorized'],
        ['a revoked key', { authorization: `Bearer ${revokedKey}` }, '403 forbidden'],
        [
          "another account's key",
          { authorization: `Bearer ${beta.apiKey.secret}` },
          '403 forbidden',
        ],
      ];
      for (const [label, headers, expected] of cases) {
        const response = await call(route, headers, body);
        if (refusal(response) !== expected) {
          failures.push(`${route.method} ${route.url} with ${label} → ${refusal(response)}`);
        }
      }
      // The owner's own key is let through, so the refusals above mean something.
      const own = await call(route, { authorization: `Bearer ${alpha.apiKey.secret}` }, body);
      if (own.statusCode !== 200)
        failures.push(`${route.method} ${route.url} with its own key → ${own.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('widget routes', () => {
  test('when the page is not one the bot is allowed on, then 403 origin_not_allowed, on every widget route', async () => {
    const { alpha, beta } = accounts;
    const failures: string[] = [];
    for (const route of [...routesFor('widgetPage'), ...routesFor('widgetSession')]) {
      const token = { authorization: `Bearer ${alpha.widget.token}` };
      for (const [label, headers] of [
        ['another site', { ...token, origin: beta.origin }],
        ['no origin', token],
      ] as const) {
        const response = await call(route, headers);
        if (refusal(response) !== '403 origin_not_allowed') {
          failures.push(`${route.method} ${route.url} from ${label} → ${refusal(response)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('when a widget-session route gets no token, a forged one or another bot’s, then 401 widget_session_invalid', async () => {
    const { alpha, beta } = accounts;
    const failures: string[] = [];
    const [body] = alpha.widget.token.split('.');
    for (const route of routesFor('widgetSession')) {
      for (const [label, token] of [
        ['no token', null],
        ['a forged token', 'forged'],
        ['a token with a forged signature', `${body}.AAAA`],
        ["another bot's token", beta.widget.token],
      ] as const) {
        const response = await call(route, {
          origin: alpha.origin,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        });
        if (refusal(response) !== '401 widget_session_invalid') {
          failures.push(`${route.method} ${route.url} with ${label} → ${refusal(response)}`);
        }
      }
      // The visitor's own token from the bot's own site passes the gate (the body may still be
      // refused), so the refusals above mean something.
      const own = await call(route, {
        origin: alpha.origin,
        authorization: `Bearer ${alpha.widget.token}`,
      });
      if ([401, 403].includes(own.statusCode) || own.statusCode >= 500) {
        failures.push(`${route.method} ${route.url} with its own token → ${refusal(own)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('when a widget page route is called from the bot’s own site without a session, then it is let through', async () => {
    const { alpha } = accounts;
    // What a page sends where an empty body would be refused as invalid before access matters.
    const bodies: Record<string, object> = {
      '/v1/widget/bots/:botId/presence': { visitorId: 'visitor-caller-access-1' },
      '/v1/widget/bots/:botId/events': { type: 'loaded' },
    };
    for (const route of routesFor('widgetPage')) {
      const response = await call(route, { origin: alpha.origin }, bodies[route.url] ?? {});
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(300);
    }
  });
});
