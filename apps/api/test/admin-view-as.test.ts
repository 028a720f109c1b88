import {
  viewAsHeader,
  viewAsMessages,
  type ApiErrorBody,
  type Bot,
  type Profile,
  type ViewAsGrant,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RouteEntry } from '../src/plugins/route-table';
import type { BrowserClient } from './support/browser-client';
import { signInStaff } from './support/customers';
import {
  createTwoAccounts,
  fillParams,
  isApiRoute,
  type TwoAccounts,
} from './security/support/two-accounts';

// View as customer: a staff member reads a customer's dashboard through the customer's own GET
// routes, answered as that customer, and can change nothing.
let accounts: TwoAccounts;
let superAdmin: { id: string; browser: BrowserClient };
let salesManager: { id: string; browser: BrowserClient };
let supportTeam: { id: string; browser: BrowserClient };
let grant: ViewAsGrant;

const probeQuery = new URLSearchParams({ q: 'handbook' }).toString();
// Routes whose answers hold nothing that changes between two identical reads.
const stableRoutes = [
  '/api/me',
  '/api/bots',
  '/api/bots/:botId',
  '/api/leads',
  '/api/conversations',
  '/api/sources',
  '/api/settings',
  '/api/api-keys',
  '/api/tickets',
  '/api/plan',
];
// Declared `viewAs: false`: a secret and the bulk downloads.
const hiddenRoutes = [
  '/api/bots/:botId/webhook/secret',
  '/api/leads/export.csv',
  '/api/conversations/export',
  '/api/sources/:sourceId/download',
];

beforeAll(async () => {
  accounts = await createTwoAccounts();
  const staff = (role: 'super_admin' | 'sales_manager' | 'support_team', index: number) =>
    signInStaff(accounts.context, {
      role,
      email: `${role}@view-as.test`,
      password: 'staff password 123',
      ip: `10.79.0.${index}`,
    });
  superAdmin = await staff('super_admin', 1);
  salesManager = await staff('sales_manager', 2);
  supportTeam = await staff('support_team', 3);
  const started = await superAdmin.browser.post(
    `/api/admin/users/${accounts.alpha.ids.userId}/view-as`,
  );
  expect(started.statusCode, started.body).toBe(200);
  grant = started.json<ViewAsGrant>();
}, 120_000);
afterAll(async () => accounts?.close());

function viewing(browser: BrowserClient, token = grant.token) {
  return {
    get: (url: string) => browser.request('GET', url, undefined, { [viewAsHeader]: token }),
    request: (method: RouteEntry['method'], url: string, payload?: unknown) =>
      browser.request(method as 'GET', url, payload, { [viewAsHeader]: token }),
  };
}

function errorOf(response: { json: <T>() => T }) {
  return response.json<ApiErrorBody>().error;
}

function customerGetRoutes() {
  return accounts.context.app.routeTable.filter(
    (route) => isApiRoute(route) && route.method === 'GET' && route.access === 'signed-in',
  );
}

describe('starting a view', () => {
  test('when a super_admin opens a customer’s view, then it names the customer and the audit log records it', async () => {
    const { alpha } = accounts;
    expect(grant).toMatchObject({ user_id: alpha.ids.userId, email: 'owner@alpha-shop.test' });
    expect(Date.parse(grant.expires_at)).toBeGreaterThan(Date.now());
    const rows = await accounts.context.database.db.execute<{
      action: string;
      admin_email: string;
      details: { message: string };
    }>(
      sql`select action, admin_email, details from admin_logs where target_id = ${alpha.ids.userId} and action = 'user.view_as'`,
    );
    expect(rows.rows).toEqual([
      {
        action: 'user.view_as',
        admin_email: 'super_admin@view-as.test',
        details: expect.objectContaining({
          message: "Viewed owner@alpha-shop.test's dashboard as the customer",
        }),
      },
    ]);
  });

  test('when staff try to view a staff account, then they are refused and nothing is issued', async () => {
    const response = await superAdmin.browser.post(`/api/admin/users/${salesManager.id}/view-as`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(viewAsMessages.customersOnly);
    expect(response.json()).not.toHaveProperty('token');
  });

  test('when the account does not exist, then 404', async () => {
    const response = await superAdmin.browser.post('/api/admin/users/nobody-here/view-as');
    expect(response.statusCode).toBe(404);
  });

  test('when support_team (no Users area) or a customer try to start a view, then 403', async () => {
    for (const browser of [supportTeam.browser, accounts.beta.browser]) {
      const response = await browser.post(`/api/admin/users/${accounts.alpha.ids.userId}/view-as`);
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('reading as the customer', () => {
  test('when staff read with the grant, then /api/me and the bot list are the customer’s', async () => {
    const view = viewing(superAdmin.browser);
    const me = await view.get('/api/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<Profile>()).toMatchObject({
      id: accounts.alpha.ids.userId,
      email: 'owner@alpha-shop.test',
      role: 'user',
      is_admin: false,
    });
    const bots = (await view.get('/api/bots')).json<Bot[]>();
    expect(bots.map((bot) => bot.id)).toEqual([accounts.alpha.bot.id]);
    // Without the header the same session is the staff member's own.
    const own = (await superAdmin.browser.get('/api/me')).json<Profile>();
    expect(own.email).toBe('super_admin@view-as.test');
  });

  test('when staff read every customer GET route with the grant, then each answers as the customer does and never shows the other account’s data', async () => {
    const { alpha, beta } = accounts;
    const view = viewing(superAdmin.browser);
    const failures: string[] = [];
    const routes = customerGetRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const filled = fillParams(route, alpha.ids, probeQuery);
      if (!filled.url) {
        failures.push(`${route.url}: no fixture for ${filled.missing.join(', ')}`);
        continue;
      }
      const seen = await view.get(filled.url);
      const label = `GET ${route.url} → ${seen.statusCode}`;
      const leaked = beta.markers.filter((marker) => seen.body.toLowerCase().includes(marker));
      if (leaked.length > 0)
        failures.push(`${label} shows the other account's ${leaked.join(', ')}`);
      const own = await alpha.browser.get(filled.url);
      const expected = hiddenRoutes.includes(route.url) ? 403 : own.statusCode;
      if (seen.statusCode !== expected) failures.push(`${label}, expected ${expected}`);
      if (stableRoutes.includes(route.url) && seen.body !== own.body) {
        failures.push(`${label} differs from what the customer sees`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('when the grant reads the webhook secret or a bulk export, then it is refused', async () => {
    const view = viewing(superAdmin.browser);
    const { botId, sourceId } = accounts.alpha.ids;
    for (const url of [
      `/api/bots/${botId}/webhook/secret`,
      '/api/leads/export.csv',
      '/api/conversations/export?format=json',
      `/api/sources/${sourceId}/download`,
    ]) {
      const response = await view.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).message).toBe(viewAsMessages.hidden);
      expect(response.body).not.toContain(accounts.alpha.markers[0]);
    }
  });

  test('when staff routes are called with the grant, then they answer as the staff member', async () => {
    const response = await viewing(superAdmin.browser).get('/api/admin/users?filter=admin');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('super_admin@view-as.test');
  });
});

describe('never writing', () => {
  test('when staff send any write with the grant, on any route, then it is refused as read-only and nothing changes', async () => {
    const { context, alpha } = accounts;
    const view = viewing(superAdmin.browser);
    const failures: string[] = [];
    const writes = context.app.routeTable.filter(
      (route) => isApiRoute(route) && route.method !== 'GET',
    );
    expect(writes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['DELETE /api/bots/:botId', 'PUT /api/settings', 'POST /api/tickets']),
    );
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, (_match, name: string) => alpha.ids[name] ?? 'x');
      const response = await view.request(route.method, url, { name: 'Changed by staff' });
      if (response.statusCode !== 403 || errorOf(response).message !== viewAsMessages.readOnly) {
        failures.push(`${route.method} ${route.url} → ${response.statusCode}`);
      }
    }
    // better-auth's own routes act on the staff member's session: refused as well.
    const signOut = await view.request('POST', '/api/auth/sign-out', {});
    if (signOut.statusCode !== 403)
      failures.push(`POST /api/auth/sign-out → ${signOut.statusCode}`);
    expect(failures).toEqual([]);

    const bots = (await alpha.browser.get('/api/bots')).json<Bot[]>();
    expect(bots.map((bot) => [bot.id, bot.name])).toEqual([[alpha.bot.id, alpha.bot.name]]);
    expect((await superAdmin.browser.get('/api/me')).statusCode).toBe(200);
  });
});

describe('who may view', () => {
  test('when a customer sends a grant, then it is refused', async () => {
    const response = await viewing(accounts.beta.browser).get('/api/bots');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(viewAsMessages.notAllowed);
    expect(response.body).not.toContain(accounts.alpha.markers[0]);
  });

  test('when support_team sends a grant, then it is refused', async () => {
    const response = await viewing(supportTeam.browser).get('/api/bots');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(viewAsMessages.notAllowed);
  });

  test('when a sales_manager uses a grant another staff member started, or a forged one, then it is refused', async () => {
    const borrowed = await viewing(salesManager.browser).get('/api/bots');
    expect(borrowed.statusCode).toBe(403);
    expect(errorOf(borrowed).message).toBe(viewAsMessages.ended);
    const [body, signature] = grant.token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as object;
    const forgedBody = Buffer.from(
      JSON.stringify({ ...claims, staffId: salesManager.id }),
    ).toString('base64url');
    const forged = await viewing(salesManager.browser, `${forgedBody}.${signature}`).get(
      '/api/bots',
    );
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).message).toBe(viewAsMessages.ended);
  });

  test('when a sales_manager opens a view, then it works, and once the role loses manage_users it is refused', async () => {
    const { context, alpha } = accounts;
    const started = await salesManager.browser.post(`/api/admin/users/${alpha.ids.userId}/view-as`);
    expect(started.statusCode, started.body).toBe(200);
    const token = started.json<ViewAsGrant>().token;
    expect((await viewing(salesManager.browser, token).get('/api/bots')).statusCode).toBe(200);
    await context.database.db.execute(
      sql`update admin_roles set permissions = permissions || '{"manage_users": false}'::jsonb where name = 'sales_manager'`,
    );
    try {
      const refused = await viewing(salesManager.browser, token).get('/api/bots');
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).message).toBe(viewAsMessages.notAllowed);
    } finally {
      await context.database.db.execute(
        sql`update admin_roles set permissions = permissions || '{"manage_users": true}'::jsonb where name = 'sales_manager'`,
      );
    }
  });

  test('when the customer is suspended, then staff can still view the account', async () => {
    const { alpha } = accounts;
    const suspended = await superAdmin.browser.post(
      `/api/admin/users/${alpha.ids.userId}/suspend`,
      { reason: 'Chargeback under review' },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    const started = await superAdmin.browser.post(`/api/admin/users/${alpha.ids.userId}/view-as`);
    expect(started.statusCode, started.body).toBe(200);
    const bots = await viewing(superAdmin.browser, started.json<ViewAsGrant>().token).get(
      '/api/bots',
    );
    expect(bots.statusCode).toBe(200);
    expect(bots.json<Bot[]>().map((bot) => bot.id)).toEqual([alpha.bot.id]);
  });
});
