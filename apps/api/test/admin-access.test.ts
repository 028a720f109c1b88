import type { AdminUserPage, DashboardOverview, Role, StaffNotice } from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
import { signInStaff } from './support/customers';
import { codeFrom, startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const browsers = new Map<Role, BrowserClient>();
const password = 'staff password 123';

// Spec §6: who may read each admin API. 200 when allowed, 403 for a signed-in user without the
// role, 401 when signed out.
const matrix: { url: string; allowed: Role[] }[] = [
  { url: '/api/admin/overview', allowed: ['super_admin', 'sales_manager', 'support_team'] },
  { url: '/api/admin/users', allowed: ['super_admin', 'sales_manager'] },
  { url: '/api/admin/roles', allowed: ['super_admin'] },
  { url: '/api/admin/notifications', allowed: ['super_admin'] },
  { url: '/api/admin/tickets/summary', allowed: ['super_admin', 'support_team'] },
];

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  for (const [index, role] of (
    ['super_admin', 'sales_manager', 'support_team'] as const
  ).entries()) {
    const { browser } = await signInStaff(context, {
      role,
      email: `${role}@askwell.test`,
      password,
      ip: `10.2.0.${index + 1}`,
    });
    browsers.set(role, browser);
  }
  const customer = new BrowserClient(context.app, '10.2.0.9');
  await customer.post('/api/auth/sign-up/email', {
    name: 'Cust Omer',
    email: 'customer@shop.test',
    password,
  });
  const code = codeFrom(await sink.waitForMail('customer@shop.test'));
  await customer.post('/api/auth/email-otp/verify-email', {
    email: 'customer@shop.test',
    otp: code,
  });
  browsers.set('user', customer);
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

describe('admin API access', () => {
  for (const { url, allowed } of matrix) {
    for (const role of ['super_admin', 'sales_manager', 'support_team', 'user'] as const) {
      const expected = allowed.includes(role) ? 200 : 403;
      test(`when a ${role} calls ${url}, then ${expected}`, async () => {
        const response = await browsers.get(role)!.get(url);
        expect(response.statusCode).toBe(expected);
        if (expected === 403) {
          expect(response.json().error.code).toBe('forbidden');
        }
      });
    }
    test(`when nobody is signed in and ${url} is called, then 401`, async () => {
      const response = await new BrowserClient(context.app, '10.2.0.50').get(url);
      expect(response.statusCode).toBe(401);
    });
  }
});

describe('admin data', () => {
  test('when staff search users, then it matches email, first and last name case-insensitively', async () => {
    const admin = browsers.get('super_admin')!;
    const list = async (query: string) =>
      (await admin.get(`/api/admin/users?${query}`)).json<AdminUserPage>().users;
    const byLastName = await list('search=OMER');
    expect(byLastName.map((user) => user.email)).toEqual(['customer@shop.test']);
    const admins = await list('filter=admin');
    expect(admins.map((user) => user.role).sort()).toEqual([
      'sales_manager',
      'super_admin',
      'support_team',
    ]);
    expect(await list('filter=premium')).toEqual([]);
    const bad = await admin.get('/api/admin/users?filter=everyone');
    expect(bad.statusCode).toBe(400);
  });

  test('when a super_admin lists roles, then each role has its permissions and super_admin holds admin.all', async () => {
    const roles = (await browsers.get('super_admin')!.get('/api/admin/roles')).json();
    const byName = Object.fromEntries(roles.map((role: { name: string }) => [role.name, role]));
    expect(Object.keys(byName).sort()).toEqual(['sales_manager', 'super_admin', 'support_team']);
    expect(byName.super_admin.permissions['admin.all']).toBe(true);
    expect(byName.support_team.permissions.manage_tickets).toBe(true);
    expect(byName.support_team.permissions.manage_users).toBe(false);
  });

  test('when the overview is read, then it counts customers, active bots and chats from the database', async () => {
    const overview = (await browsers.get('support_team')!.get('/api/admin/overview')).json();
    expect(overview).toEqual({
      total_users: 1,
      active_bots: 0,
      total_chats: 0,
      new_users_this_month: 1,
    });
  });

  test('when a staff profile is read, then is_admin and the role permissions come with it', async () => {
    const me = (await browsers.get('sales_manager')!.get('/api/me')).json();
    expect(me).toMatchObject({ role: 'sales_manager', is_admin: true });
    expect(me.permissions).toContain('manage_users');
    expect(me.permissions).not.toContain('admin.all');
  });
});

describe('staff notices', () => {
  async function customerAlerts() {
    const response = await browsers.get('user')!.get('/api/dashboard/overview');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardOverview>().alerts;
  }

  test('when a super_admin publishes a notice, then every customer sees it among the alerts until it is withdrawn', async () => {
    const admin = browsers.get('super_admin')!;
    const message = 'Scheduled maintenance on Sunday 02:00 to 03:00 UTC; chats may pause briefly.';
    const published = await admin.post('/api/admin/notifications', {
      message: `  ${message}  `,
      severity: 'alert',
    });
    expect(published.statusCode, published.body).toBe(201);
    const notice = published.json<StaffNotice>();
    expect(notice).toMatchObject({
      message,
      severity: 'alert',
      audienceTier: null,
      reach: 1,
      withdrawnAt: null,
    });
    expect(await customerAlerts()).toContainEqual(
      expect.objectContaining({ type: 'alert', message, link: null }),
    );
    const listed = (await admin.get('/api/admin/notifications')).json<{ notices: StaffNotice[] }>();
    expect(listed.notices.map((item) => item.id)).toContain(notice.id);

    const withdrawn = await admin.delete(`/api/admin/notifications/${notice.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<StaffNotice>().withdrawnAt).not.toBeNull();
    expect((await customerAlerts()).some((alert) => alert.message === message)).toBe(false);
  });

  test('when a notice is meant for one tier, then only customers of that tier see it', async () => {
    const admin = browsers.get('super_admin')!;
    const forPremium = await admin.post('/api/admin/notifications', {
      message: 'Premium: the new analytics export is live.',
      severity: 'success',
      audienceTier: 'premium',
    });
    expect(forPremium.json<StaffNotice>()).toMatchObject({ audienceTier: 'premium', reach: 0 });
    const forFree = await admin.post('/api/admin/notifications', {
      message: 'Free plan: try Premium free for 14 days.',
      severity: 'info',
      audienceTier: 'free',
    });
    expect(forFree.json<StaffNotice>()).toMatchObject({ audienceTier: 'free', reach: 1 });
    const seen = (await customerAlerts()).map((alert) => alert.message);
    expect(seen).toContain('Free plan: try Premium free for 14 days.');
    expect(seen).not.toContain('Premium: the new analytics export is live.');
  });

  test('when a notice is empty, too long or unknown, or sent by other staff, then it is refused with a reason', async () => {
    const admin = browsers.get('super_admin')!;
    const empty = await admin.post('/api/admin/notifications', {
      message: '   ',
      severity: 'info',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write the notice.');
    const long = await admin.post('/api/admin/notifications', {
      message: 'x'.repeat(501),
      severity: 'info',
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Keep the notice under 500 characters.');
    for (const invalid of [
      { message: 'Hello', severity: 'error' },
      { message: 'Hello', severity: 'info', audienceTier: 'gold' },
    ]) {
      expect((await admin.post('/api/admin/notifications', invalid)).statusCode).toBe(400);
    }
    expect((await admin.delete('/api/admin/notifications/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await admin.delete('/api/admin/notifications/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    for (const role of ['sales_manager', 'support_team', 'user'] as const) {
      const refused = await browsers
        .get(role)!
        .post('/api/admin/notifications', { message: 'Free pizza', severity: 'info' });
      expect(refused.statusCode).toBe(403);
    }
  });
});
