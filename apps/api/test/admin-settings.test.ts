import type { AdminRole, AuditAction, GeneralSettings, SecuritySettings } from '@askwell/shared';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminLogs } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
import { connectRealtime } from './support/realtime-client';
import { signInStaff, signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let superAdmin: BrowserClient;
let salesManager: BrowserClient;
let supportTeam: BrowserClient;
let customer: BrowserClient;
let customerId: string;
const password = 'staff password 123';

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  superAdmin = (
    await signInStaff(context, {
      role: 'super_admin',
      email: 'boss@settings.test',
      password,
      ip: '10.41.0.1',
    })
  ).browser;
  salesManager = (
    await signInStaff(context, {
      role: 'sales_manager',
      email: 'sales@settings.test',
      password,
      ip: '10.41.0.2',
    })
  ).browser;
  supportTeam = (
    await signInStaff(context, {
      role: 'support_team',
      email: 'support@settings.test',
      password,
      ip: '10.41.0.3',
    })
  ).browser;
  customer = await signUpCustomer(context, sink, 'cleo@settings.test', '10.41.0.9');
  const rows = await context.database.db.execute<{ id: string }>(
    sql`select id from users where email = 'cleo@settings.test'`,
  );
  customerId = rows.rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

async function newestLog(action: AuditAction) {
  const [row] = await context.database.db
    .select()
    .from(adminLogs)
    .where(eq(adminLogs.action, action))
    .orderBy(desc(adminLogs.createdAt))
    .limit(1);
  return row;
}

async function countLogs(action: AuditAction) {
  const rows = await context.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from admin_logs where action = ${action}`,
  );
  return rows.rows[0]!.count;
}

// What an authenticator app shows for the secret in an otpauth:// URI, right now.
async function codeFor(totpUri: string) {
  const secret = new URL(totpUri).searchParams.get('secret')!;
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

describe('Settings → General', () => {
  test('when nothing was saved yet, then the product name and the MAIL_FROM address are shown', async () => {
    const response = await superAdmin.get('/api/admin/settings/general');
    expect(response.statusCode).toBe(200);
    expect(response.json<GeneralSettings>()).toEqual({
      site_name: 'Askwell',
      admin_email: 'no-reply@askwell.local',
    });
  });

  test('when the values are not valid, then the save is refused with a message for the field', async () => {
    const badEmail = await superAdmin.put('/api/admin/settings/general', {
      site_name: 'Quokka Desk',
      admin_email: 'not-an-address',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      admin_email: 'Please enter a valid email address.',
    });
    const blankName = await superAdmin.put('/api/admin/settings/general', {
      site_name: '   ',
      admin_email: 'help@quokka.test',
    });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.body).toContain('Please enter a site name.');
  });

  test('when a super admin saves a site name and admin e-mail, then page titles and mail use them and the change is logged', async () => {
    const saved = await superAdmin.put('/api/admin/settings/general', {
      site_name: 'Quokka Desk',
      admin_email: 'Help@Quokka.test',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GeneralSettings>()).toEqual({
      site_name: 'Quokka Desk',
      admin_email: 'help@quokka.test',
    });
    expect((await superAdmin.get('/api/admin/settings/general')).json()).toEqual(saved.json());
    expect((await new BrowserClient(context.app).get('/api/site')).json()).toEqual({
      site_name: 'Quokka Desk',
    });

    await signUpCustomer(context, sink, 'dora@settings.test', '10.41.0.10');
    const mail = sink.mailsTo('dora@settings.test')[0]!;
    expect(mail.subject).toContain('Your Quokka Desk verification code');
    expect(mail.text).toMatch(/^From: "?Quokka Desk"? <no-reply@askwell\.local>/m);
    expect(mail.text).toMatch(/^Reply-To: help@quokka\.test/m);
    expect(mail.text).toMatch(/Quokka Desk\r?\nQuestions\? Write to help@quokka\.test/);

    const log = await newestLog('settings.update');
    expect(log?.adminEmail).toBe('boss@settings.test');
    expect(log?.details.message).toContain('Site Name “Askwell” → “Quokka Desk”');
  });
});

describe('Settings access', () => {
  test('when a sales manager, support team member, customer or visitor opens the settings, then each is refused', async () => {
    for (const browser of [salesManager, supportTeam, customer]) {
      for (const section of ['general', 'security']) {
        expect((await browser.get(`/api/admin/settings/${section}`)).statusCode).toBe(403);
      }
      const put = await browser.put('/api/admin/settings/security', {
        two_factor_required: false,
        audit_logging: false,
      });
      expect(put.statusCode).toBe(403);
    }
    const visitor = new BrowserClient(context.app, '10.41.0.20');
    expect((await visitor.get('/api/admin/settings/general')).statusCode).toBe(401);
    expect((await superAdmin.get('/api/admin/settings/security')).json<SecuritySettings>()).toEqual(
      { two_factor_required: false, audit_logging: true },
    );
  });
});

describe('Settings → Security: Enable Audit Logging', () => {
  test('when audit logging is off, then ordinary actions are not logged but security actions and the switch itself are', async () => {
    const switchesBefore = await countLogs('settings.update');
    const off = await superAdmin.put('/api/admin/settings/security', {
      two_factor_required: false,
      audit_logging: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await countLogs('settings.update')).toBe(switchesBefore + 1);
    expect((await newestLog('settings.update'))?.details.message).toContain(
      'Enable Audit Logging off',
    );

    const tiersBefore = await countLogs('user.tier_change');
    const tier = await superAdmin.patch(`/api/admin/users/${customerId}/tier`, {
      tier: 'premium',
    });
    expect(tier.statusCode, tier.body).toBe(200);
    expect(await countLogs('user.tier_change')).toBe(tiersBefore);

    // Suspending ends the account's sessions, so another customer than the shared one is used.
    await signUpCustomer(context, sink, 'eve@settings.test', '10.41.0.11');
    const eve = await context.database.db.execute<{ id: string }>(
      sql`select id from users where email = 'eve@settings.test'`,
    );
    const eveId = eve.rows[0]!.id;
    const suspendsBefore = await countLogs('user.suspend');
    const suspend = await superAdmin.post(`/api/admin/users/${eveId}/suspend`, {
      reason: 'Chargeback under review',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(await countLogs('user.suspend')).toBe(suspendsBefore + 1);

    const on = await superAdmin.put('/api/admin/settings/security', {
      two_factor_required: false,
      audit_logging: true,
    });
    expect(on.statusCode).toBe(200);
    expect(await countLogs('settings.update')).toBe(switchesBefore + 2);
    await superAdmin.patch(`/api/admin/users/${customerId}/tier`, { tier: 'free' });
    expect(await countLogs('user.tier_change')).toBe(tiersBefore + 1);
  });
});

describe('Roles & Permissions', () => {
  async function role(name: string) {
    const roles = (await superAdmin.get('/api/admin/roles')).json<AdminRole[]>();
    return roles.find((entry) => entry.name === name)!;
  }
  const missingBot = '00000000-0000-4000-8000-000000000000';
  const disable = () =>
    supportTeam.post(`/api/admin/chatbots/${missingBot}/disable`, { reason: 'Spam' });

  test('when a super admin withdraws a permission from support team, then the next request of a signed-in support member is refused, and granting it back lets it through', async () => {
    const support = await role('support_team');
    expect((await disable()).statusCode).toBe(404);

    const withdrawn = await superAdmin.put(`/api/admin/roles/${support.id}/permissions`, {
      permissions: { manage_chatbots: false },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<AdminRole>().permissions.manage_chatbots).toBe(false);
    expect(withdrawn.json<AdminRole>().permissions.manage_tickets).toBe(true);
    expect((await disable()).statusCode).toBe(403);
    expect((await newestLog('role.permissions_change'))?.details.message).toBe(
      'Changed the permissions of Support Team: withdrew manage chatbots',
    );

    await superAdmin.put(`/api/admin/roles/${support.id}/permissions`, {
      permissions: { manage_chatbots: true },
    });
    expect((await disable()).statusCode).toBe(404);
  });

  test('when someone tries to edit super_admin, grant admin.all, or is not a super admin, then it is refused', async () => {
    const boss = await role('super_admin');
    const sales = await role('sales_manager');
    const editBoss = await superAdmin.put(`/api/admin/roles/${boss.id}/permissions`, {
      permissions: { manage_users: false },
    });
    expect(editBoss.statusCode).toBe(403);
    expect((await role('super_admin')).permissions['admin.all']).toBe(true);

    const grantAll = await superAdmin.put(`/api/admin/roles/${sales.id}/permissions`, {
      permissions: { 'admin.all': true },
    });
    expect(grantAll.statusCode).toBe(400);
    expect(grantAll.body).toContain("'admin.all' belongs to super_admin and cannot be granted.");

    for (const browser of [salesManager, supportTeam, customer]) {
      const response = await browser.put(`/api/admin/roles/${sales.id}/permissions`, {
        permissions: { manage_settings: true },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await role('sales_manager')).permissions.manage_settings).toBe(false);
  });
});

describe('Settings → Security: Enable Two-Factor Authentication', () => {
  test('when a member set up TOTP, then each backup code shown at set-up signs in once instead of a code', async () => {
    const member = new BrowserClient(context.app, '10.41.0.40');
    await member.post('/api/auth/sign-in/email', { email: 'sales@settings.test', password });
    const setup = await member.post('/api/auth/two-factor/enable', { password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { totpURI, backupCodes } = setup.json<{ totpURI: string; backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(10);
    const confirmed = await member.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Already signed in: spending a code is refused.
    const signedIn = await member.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[1],
    });
    expect(signedIn.statusCode).toBe(403);

    const signInWith = async (ip: string, code: string) => {
      const browser = new BrowserClient(context.app, ip);
      const first = await browser.post('/api/auth/sign-in/email', {
        email: 'sales@settings.test',
        password,
      });
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      const second = await browser.post('/api/auth/two-factor/verify-backup-code', { code });
      return { browser, second };
    };
    const malformed = await signInWith('10.41.0.41', 'not a code');
    expect(malformed.second.statusCode).toBe(400);
    expect(malformed.second.json().error.fields.code).toBe('Enter one of your backup codes.');

    const { browser, second } = await signInWith('10.41.0.42', backupCodes[0]!);
    expect(second.statusCode, second.body).toBe(200);
    expect((await browser.get('/api/admin/overview')).statusCode).toBe(200);
    expect((await newestLog('auth.sign_in'))?.details.message).toBe(
      'sales@settings.test signed in with a backup code',
    );

    const reused = await signInWith('10.41.0.43', backupCodes[0]!);
    expect(reused.second.statusCode).toBe(401);
    expect(reused.second.json().error.message).toBe(
      'This backup code is not right, or it was already used.',
    );
    expect((await reused.browser.get('/api/admin/overview')).statusCode).toBe(401);

    await member.post('/api/auth/two-factor/disable', { password });
  });

  test('when two-factor is required, then a staff member sets up TOTP at the next sign-in and enters a code at every sign-in after; customers are unaffected', async () => {
    const required = await superAdmin.put('/api/admin/settings/security', {
      two_factor_required: true,
      audit_logging: true,
    });
    expect(required.statusCode).toBe(200);
    // The session that switched it on runs on until it ends.
    expect((await superAdmin.get('/api/admin/overview')).statusCode).toBe(200);

    const browser = new BrowserClient(context.app, '10.41.0.30');
    const signIn = await browser.post('/api/auth/sign-in/email', {
      email: 'support@settings.test',
      password,
    });
    expect(signIn.statusCode).toBe(200);
    const pending = await browser.get('/api/admin/overview');
    expect(pending.statusCode).toBe(403);
    expect(pending.json<{ error: { code: string } }>().error.code).toBe(
      'two_factor_setup_required',
    );
    expect((await browser.get('/api/me')).statusCode).toBe(403);
    // Nor does it hear anything live until it has set up TOTP.
    await expect(connectRealtime(context.app, browser.cookieHeader())).rejects.toThrow(
      'two_factor_setup_required',
    );

    const wrongPassword = await browser.post('/api/auth/two-factor/enable', { password: 'nope' });
    expect(wrongPassword.statusCode).toBe(400);
    const setup = await browser.post('/api/auth/two-factor/enable', { password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { totpURI } = setup.json<{ totpURI: string }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Quokka%20Desk:support%40settings\.test\?/);

    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const confirmed = await browser.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await browser.get('/api/admin/overview')).statusCode).toBe(200);
    expect((await newestLog('auth.two_factor_enable'))?.adminEmail).toBe('support@settings.test');
    const socket = await connectRealtime(context.app, browser.cookieHeader());
    expect(socket.connected).toBe(true);
    socket.disconnect();

    const refusedOff = await browser.post('/api/auth/two-factor/disable', { password });
    expect(refusedOff.statusCode).toBe(403);

    const next = new BrowserClient(context.app, '10.41.0.31');
    const again = await next.post('/api/auth/sign-in/email', {
      email: 'support@settings.test',
      password,
    });
    expect(again.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await next.get('/api/admin/overview')).statusCode).toBe(401);
    const withCode = await next.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect((await next.get('/api/admin/overview')).statusCode).toBe(200);
    expect((await newestLog('auth.sign_in'))?.details.message).toBe(
      'support@settings.test signed in with an authenticator code',
    );

    const shopper = new BrowserClient(context.app, '10.41.0.32');
    const customerSignIn = await shopper.post('/api/auth/sign-in/email', {
      email: 'cleo@settings.test',
      password: 'customer password 1',
    });
    expect(customerSignIn.statusCode).toBe(200);
    expect((await shopper.get('/api/me')).statusCode).toBe(200);
    const customerSetup = await shopper.post('/api/auth/two-factor/enable', {
      password: 'customer password 1',
    });
    expect(customerSetup.statusCode).toBe(403);

    // With the requirement lifted, the member may turn their own TOTP off.
    await superAdmin.put('/api/admin/settings/security', {
      two_factor_required: false,
      audit_logging: true,
    });
    const off = await next.post('/api/auth/two-factor/disable', { password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await newestLog('auth.two_factor_disable'))?.adminEmail).toBe('support@settings.test');
    const plain = new BrowserClient(context.app, '10.41.0.33');
    const plainSignIn = await plain.post('/api/auth/sign-in/email', {
      email: 'support@settings.test',
      password,
    });
    expect(plainSignIn.json()).toMatchObject({ user: { email: 'support@settings.test' } });
  });
});
