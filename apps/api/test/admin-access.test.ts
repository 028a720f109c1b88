import type { Role } from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upsertStaffAccount } from '../src/modules/auth/staff-accounts';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
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
];

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  for (const [index, role] of (
    ['super_admin', 'sales_manager', 'support_team'] as const
  ).entries()) {
    const email = `${role}@askwell.test`;
    await upsertStaffAccount(context.app.auth, context.database.db, {
      email,
      password,
      role,
      name: `Staff ${role}`,
    });
    const browser = new BrowserClient(context.app, `10.2.0.${index + 1}`);
    expect((await browser.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(
      200,
    );
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
    const byLastName = (await admin.get('/api/admin/users?search=OMER')).json();
    expect(byLastName.map((user: { email: string }) => user.email)).toEqual(['customer@shop.test']);
    const admins = (await admin.get('/api/admin/users?filter=admin')).json();
    expect(admins.map((user: { role: string }) => user.role).sort()).toEqual([
      'sales_manager',
      'super_admin',
      'support_team',
    ]);
    const premium = (await admin.get('/api/admin/users?filter=premium')).json();
    expect(premium).toEqual([]);
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

  test('when the overview is read, then it counts customers and staff from the database', async () => {
    const overview = (await browsers.get('support_team')!.get('/api/admin/overview')).json();
    expect(overview).toEqual({
      total_users: 1,
      new_users_this_month: 1,
      verified_users: 1,
      staff_accounts: 3,
    });
  });

  test('when a staff profile is read, then is_admin and the role permissions come with it', async () => {
    const me = (await browsers.get('sales_manager')!.get('/api/me')).json();
    expect(me).toMatchObject({ role: 'sales_manager', is_admin: true });
    expect(me.permissions).toContain('manage_users');
    expect(me.permissions).not.toContain('admin.all');
  });
});
