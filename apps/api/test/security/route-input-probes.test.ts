import type { ApiErrorBody, Bot } from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteEntry } from '../../src/plugins/route-table';
import { BrowserClient } from '../support/browser-client';
import {
  callAs,
  callerHeaders,
  createTwoAccounts,
  fillParams,
  isApiRoute,
  type TwoAccounts,
} from './support/two-accounts';

// Hostile input on every route of the route table: text with a NUL byte (PostgreSQL cannot store
// it) and JSON nested 500,000 deep (recursive readers overflow the stack). Each must be a 400 that
// names the problem, never a 500 and never a crash.
let accounts: TwoAccounts;
let routes: RouteEntry[];

const deepJson = '['.repeat(500_000) + ']'.repeat(500_000);
const nulBody = {
  name: 'Probe\u0000bot',
  email: 'probe\u0000@example.com',
  message: 'hello\u0000',
  sessionId: 'session\u0000',
};
const nulFields = Object.keys(nulBody).sort();

// better-auth endpoints beyond those in the route table: ones its plugins have but the product
// does not expose must refuse a hostile body in the same way.
const authCatchAllPaths = [
  '/api/auth/sign-out',
  '/api/auth/update-user',
  '/api/auth/change-password',
  '/api/auth/change-email',
  '/api/auth/email-otp/reset-password',
  '/api/auth/email-otp/check-verification-otp',
  '/api/auth/forget-password/email-otp',
  '/api/auth/email-otp/request-password-reset',
  '/api/auth/sign-in/email-otp',
  '/api/auth/revoke-sessions',
];

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The payment providers' webhooks take their body as the signed bytes and refuse it unread
// unless its signature verifies, so their answer to any unsigned body is the signature refusal.
const signedWebhookPaths = new Set([
  '/api/billing/webhooks/stripe',
  '/api/billing/webhooks/razorpay',
]);

beforeAll(async () => {
  accounts = await createTwoAccounts();
  routes = accounts.context.app.routeTable.filter(isApiRoute);
}, 120_000);
afterAll(async () => accounts?.close());

type Target = Pick<RouteEntry, 'method' | 'access' | 'url'>;

function bodyTargets() {
  const targets: Target[] = [];
  const withBody = routes.filter(
    (entry) => bodyMethods.has(entry.method) && !signedWebhookPaths.has(entry.url),
  );
  for (const route of withBody) {
    const filled = fillParams(route, accounts.alpha.ids);
    targets.push({ method: route.method, access: route.access, url: filled.url ?? route.url });
  }
  for (const url of authCatchAllPaths) targets.push({ method: 'POST', access: 'public', url });
  return targets;
}

function sendRaw({ method, access, url }: Target, payload: string) {
  const { context, alpha } = accounts;
  return context.app.inject({
    method: method as 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      host: 'localhost',
      ...(callerHeaders(alpha, access) ?? { cookie: alpha.browser.cookieHeader() }),
    },
    payload,
  });
}

describe('generated probes on every route that takes a body', () => {
  test('when a JSON body is nested 500,000 deep, then every route answers 400 and the server keeps serving', async () => {
    const failures: string[] = [];
    for (const target of bodyTargets()) {
      const { method, url } = target;
      const response = await sendRaw(target, deepJson);
      if (response.statusCode !== 400) failures.push(`${method} ${url} → ${response.statusCode}`);
      else if (response.json<ApiErrorBody>().error.code !== 'invalid_json') {
        failures.push(`${method} ${url} → ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await accounts.context.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  test('when text fields hold a NUL byte, then every route answers 400 naming each field', async () => {
    const failures: string[] = [];
    for (const target of bodyTargets()) {
      const { method, url } = target;
      const response = await sendRaw(target, JSON.stringify(nulBody));
      const fields = Object.keys(response.json<ApiErrorBody>().error?.fields ?? {}).sort();
      if (response.statusCode !== 400 || fields.join() !== nulFields.join()) {
        failures.push(`${method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('when a payment webhook gets a deeply nested or NUL-laden body with no signature, then it answers 400 without reading it and the server keeps serving', async () => {
    const failures: string[] = [];
    for (const url of signedWebhookPaths) {
      for (const payload of [deepJson, JSON.stringify(nulBody)]) {
        const response = await sendRaw({ method: 'POST', access: 'public', url }, payload);
        const message = response.json<ApiErrorBody>().error?.message;
        if (response.statusCode !== 400 || message !== 'The webhook signature is not valid.') {
          failures.push(`POST ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await accounts.context.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  test('when a query string holds a NUL byte or a date that does not exist, then every GET route answers 400, never 500', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.method === 'GET')) {
      const filled = fillParams(route, accounts.alpha.ids);
      const base = filled.url ?? route.url;
      for (const query of ['q=probe%00', 'from=2020-99-99&to=2020-99-99']) {
        const response = await callAs(accounts.context, accounts.alpha, route, `${base}?${query}`);
        if (response.statusCode >= 500) failures.push(`GET ${base}?${query} → 500`);
        if (query.startsWith('q=') && response.statusCode !== 400) {
          failures.push(`GET ${base}?${query} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the fields people fill in', () => {
  const nulMessage = 'This contains a NUL character (\\u0000), which is not allowed in text.';

  function expectFieldRefused(
    response: { statusCode: number; json: <T>() => T },
    field: string,
    message = nulMessage,
  ) {
    expect(response.statusCode).toBe(400);
    const { error } = response.json<ApiErrorBody>();
    expect(error.fields?.[field]).toBe(message);
    expect(error.message).toContain(field);
  }

  test('when a bot is named with a NUL byte, then 400 names the field and no bot is created', async () => {
    const { alpha } = accounts;
    const before = (await alpha.browser.get('/api/bots')).json<Bot[]>().length;
    const response = await alpha.browser.post('/api/bots', { ...botDefaults, name: 'Shop\u0000' });
    expectFieldRefused(response, 'name');
    expect((await alpha.browser.get('/api/bots')).json<Bot[]>()).toHaveLength(before);
  });

  test('when a widget visitor sends a NUL byte in a message or in the lead form, then 400 names the field', async () => {
    const { context, alpha } = accounts;
    const headers = { origin: alpha.origin, authorization: `Bearer ${alpha.widget.token}` };
    const message = await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${alpha.bot.id}/messages`,
      headers,
      payload: { message: 'Where is my\u0000 parcel?' },
    });
    expectFieldRefused(message, 'message');
    const lead = await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${alpha.bot.id}/leads`,
      headers,
      payload: { name: 'Ann\u0000', email: 'ann@example.com', phone: '', consent: true },
    });
    expectFieldRefused(lead, 'name');
  });

  test('when the public API gets a NUL byte in the session id, then 400 names sessionId', async () => {
    const { context, alpha } = accounts;
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/chat',
      headers: { authorization: `Bearer ${alpha.apiKey.secret}` },
      payload: { botId: alpha.bot.id, message: 'Hello', sessionId: 'abc\u0000' },
    });
    expectFieldRefused(response, 'sessionId');
  });

  test('when the contact form or sign-in gets a NUL byte, then 400 names the field', async () => {
    const visitor = new BrowserClient(accounts.context.app, '10.77.9.1');
    const contact = await visitor.post('/api/contact', {
      name: 'Ann',
      email: 'ann@company.test',
      company: 'Co',
      message: 'Hello\u0000 there',
    });
    expectFieldRefused(contact, 'message');
    const signIn = await visitor.post('/api/auth/sign-in/email', {
      email: 'owner@alpha-shop.test\u0000',
      password: 'customer password 1',
    });
    expectFieldRefused(signIn, 'email');
    const signUp = await visitor.post('/api/auth/sign-up/email', {
      name: 'Ann\u0000',
      email: 'ann@company.test',
      password: 'customer password 1',
    });
    expectFieldRefused(signUp, 'name');
    const updateUser = await accounts.alpha.browser.post('/api/auth/update-user', {
      name: 'Ann\u0000',
    });
    expectFieldRefused(updateUser, 'name');
  });

  test('when a list is filtered by a date that does not exist, then 400 names the field', async () => {
    for (const url of ['/api/leads', '/api/conversations', '/api/leads/export.csv']) {
      const response = await accounts.alpha.browser.get(`${url}?from=2020-99-99&to=2023-02-29`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ApiErrorBody>().error.fields).toEqual({
        from: 'This date does not exist. Use a date like 2026-01-31.',
        to: 'This date does not exist. Use a date like 2026-01-31.',
      });
    }
  });
});
