import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalScroll,
  resetLinkIn,
  signInWithForm,
  staffAccounts,
  staffPassword,
  test,
  waitForMail,
} from './fixtures';

// Settings change the whole platform (two-factor for every staff sign-in, role permissions), so
// this spec runs in a project of its own once every other spec is done (playwright.config.ts),
// with staff accounts of its own.
const shots = 'test-results/screens/admin-settings';
const password = 'settings-staff-password-1';

function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set');
  return url;
}

const headers = () => ({ origin: baseUrl() });

// The code an authenticator app shows now for the otpauth:// link on the set-up screen.
async function totpCode(totpUri: string) {
  const secret = new URL(totpUri).searchParams.get('secret')!;
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}

// A staff account made the way the back office makes one: Add User, the set-password mail, then a
// role change by a super admin.
async function createStaff(
  admin: APIRequestContext,
  role: 'super_admin' | 'support_team',
  label: string,
) {
  const email = `${label}-${Date.now().toString(36)}@askwell.test`;
  const created = await admin.post(`${baseUrl()}/api/admin/users`, {
    headers: headers(),
    data: { email, first_name: label === 'boss' ? 'Bea' : 'Hal', last_name: 'Staff' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const token = /reset-password\/([^?\s]+)/.exec(resetLinkIn(await waitForMail(email)))![1]!;
  const reset = await admin.post(`${baseUrl()}/api/auth/reset-password`, {
    headers: headers(),
    data: { token, newPassword: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  const promoted = await admin.patch(`${baseUrl()}/api/admin/users/${id}/role`, {
    headers: headers(),
    data: { role },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return email;
}

async function signInAs(browser: Browser, email: string) {
  const page = await browser.newPage({ baseURL: baseUrl() });
  await page.goto('/admin/login');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

// Each test signs staff in and out several times and shoots two widths.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('Settings, two-factor sign-in and role permissions', () => {
  let bossEmail: string;
  let helperEmail: string;
  let admin: APIRequestContext;

  test.beforeAll(async ({ playwright }) => {
    admin = await playwright.request.newContext({ baseURL: baseUrl() });
    const signIn = await admin.post(`${baseUrl()}/api/auth/sign-in/email`, {
      headers: headers(),
      data: { email: staffAccounts.super_admin, password: staffPassword },
    });
    expect(signIn.status()).toBe(200);
    bossEmail = await createStaff(admin, 'super_admin', 'boss');
    helperEmail = await createStaff(admin, 'support_team', 'helper');
  });

  test.afterAll(async () => {
    // Whatever happened above, the platform is left as every other spec expects it.
    await admin.put(`${baseUrl()}/api/admin/settings/security`, {
      headers: headers(),
      data: { two_factor_required: false, audit_logging: true },
    });
    await admin.put(`${baseUrl()}/api/admin/settings/general`, {
      headers: headers(),
      data: { site_name: 'Askwell', admin_email: 'no-reply@askwell.local' },
    });
    await admin.dispose();
  });

  test('when a super admin edits Support Team permissions, then a support member loses and regains the action on the next request', async ({
    browser,
  }) => {
    const boss = await signInAs(browser, bossEmail);
    const helper = await signInAs(browser, helperEmail);
    const missingBot = '00000000-0000-4000-8000-000000000000';
    const disableBot = () =>
      helper.request.post(`/api/admin/chatbots/${missingBot}/disable`, {
        headers: headers(),
        data: { reason: 'Spam' },
      });
    // Allowed through to the bot lookup: there is no such bot.
    expect((await disableBot()).status()).toBe(404);

    await boss.goto('/admin/roles');
    await expect(boss.getByRole('heading', { name: 'Role Management' })).toBeVisible();
    const card = boss.getByTestId('role-card').filter({ hasText: 'support_team' });
    await expect(
      card.locator('li[data-granted="true"]', { hasText: 'manage chatbots' }),
    ).toBeVisible();
    await expect(
      boss
        .getByTestId('role-card')
        .filter({ hasText: 'super_admin' })
        .getByRole('button', { name: 'Edit permissions' }),
    ).toHaveCount(0);
    await shoot(boss, 'roles');

    await card.getByRole('button', { name: 'Edit permissions' }).click();
    await card.getByRole('checkbox', { name: 'manage chatbots' }).uncheck();
    await shoot(boss, 'roles-editing');
    await card.getByRole('button', { name: 'Save permissions' }).click();
    await expect(boss.getByText('Support Team permissions saved')).toBeVisible();
    await expect(
      card.locator('li[data-granted="false"]', { hasText: 'manage chatbots' }),
    ).toBeVisible();
    expect((await disableBot()).status()).toBe(403);

    await card.getByRole('button', { name: 'Edit permissions' }).click();
    await card.getByRole('checkbox', { name: 'manage chatbots' }).check();
    await card.getByRole('button', { name: 'Save permissions' }).click();
    await expect(
      card.locator('li[data-granted="true"]', { hasText: 'manage chatbots' }),
    ).toBeVisible();
    expect((await disableBot()).status()).toBe(404);

    await boss.goto('/admin/logs');
    await expect(
      boss
        .getByText('Changed the permissions of Support Team: withdrew manage chatbots')
        .locator('visible=true')
        .first(),
    ).toBeVisible();
    await boss.close();
    await helper.close();
  });

  test('when a super admin saves General Settings, then the site name shows in page titles; Reset puts back what is saved', async ({
    browser,
  }) => {
    const boss = await signInAs(browser, bossEmail);
    await boss.goto('/admin/settings');
    await expect(boss.getByRole('tab', { name: 'General Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const siteName = boss.getByLabel('Site Name');
    await expect(siteName).toHaveValue('Askwell');
    await shoot(boss, 'settings-general');

    await siteName.fill('Askwell Ops');
    await boss.getByRole('button', { name: 'Reset' }).click();
    await expect(siteName).toHaveValue('Askwell');

    await siteName.fill('Askwell Ops');
    await boss.getByRole('button', { name: 'Save Changes' }).click();
    await expect(boss.getByText('Settings saved')).toBeVisible();
    await expect(boss).toHaveTitle('Askwell Ops — Settings');
    await boss.reload();
    await expect(boss.getByLabel('Site Name')).toHaveValue('Askwell Ops');
    await expect(boss).toHaveTitle('Askwell Ops — Settings');
    await boss.getByLabel('Site Name').fill('Askwell');
    await boss.getByRole('button', { name: 'Save Changes' }).click();
    await expect(boss).toHaveTitle('Askwell — Settings');

    await boss.getByRole('tab', { name: 'Payment Settings' }).click();
    await shoot(boss, 'settings-payment');
    await boss.getByRole('tab', { name: 'Security Settings' }).click();
    await expect(boss.getByLabel('Enable Two-Factor Authentication')).not.toBeChecked();
    await expect(boss.getByLabel('Enable Audit Logging')).toBeChecked();
    await shoot(boss, 'settings-security');

    // The same view is the dashboard's System Configuration section.
    await boss.goto('/admin');
    await expect(boss.getByRole('heading', { name: 'System Configuration' })).toBeVisible();
    await boss.close();
  });

  test('when two-factor is required, then the next sign-in sets up TOTP and every sign-in after asks for a code', async ({
    browser,
  }) => {
    const boss = await signInAs(browser, bossEmail);
    await boss.goto('/admin/settings');
    await boss.getByRole('tab', { name: 'Security Settings' }).click();
    await boss.getByLabel('Enable Two-Factor Authentication').check();
    await boss.getByRole('button', { name: 'Save Changes' }).click();
    await expect(boss.getByText('Settings saved')).toBeVisible();

    await boss.getByRole('button', { name: /account menu/ }).click();
    await boss.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(boss).toHaveURL(/\/admin\/login/);

    await signInWithForm(boss, bossEmail, password);
    await expect(
      boss.getByRole('heading', { name: 'Set up two-factor authentication' }),
    ).toBeVisible();
    const totpUri = (await boss.getByTestId('totp-uri').textContent())!;
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Askwell:/);
    await expect(
      boss.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    await expect(boss.getByText('Save these codes now; each works once.')).toBeVisible();
    const backupCodes = await boss
      .getByTestId('backup-codes')
      .getByRole('listitem')
      .allTextContents();
    expect(backupCodes).toHaveLength(10);
    await shoot(boss, 'two-factor-setup');
    await boss.getByLabel('Authentication code').fill('000000');
    await boss.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(boss.getByText('This code is not right.', { exact: false })).toBeVisible();
    await boss.getByLabel('Authentication code').fill(await totpCode(totpUri));
    await boss.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(boss).toHaveURL(/\/admin$/);

    await boss.goto('/admin/profile');
    await expect(boss.getByText('On: each sign-in asks for a code')).toBeVisible();
    await expect(
      boss.getByText('Two-factor authentication is required for every staff account'),
    ).toBeVisible();

    await boss.getByRole('button', { name: /account menu/ }).click();
    await boss.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(boss).toHaveURL(/\/admin\/login/);
    await signInWithForm(boss, bossEmail, password);
    await expect(boss.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await shoot(boss, 'two-factor-code');
    await boss.getByLabel('Authentication code').fill(await totpCode(totpUri));
    await boss.getByRole('button', { name: 'Verify' }).click();
    await expect(boss).toHaveURL(/\/admin$/);

    // A lost phone: one backup code stands in for the app's code, once.
    await boss.getByRole('button', { name: /account menu/ }).click();
    await boss.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(boss).toHaveURL(/\/admin\/login/);
    await signInWithForm(boss, bossEmail, password);
    await boss.getByRole('button', { name: 'Use a backup code instead' }).click();
    await boss.getByLabel('Backup code').fill(backupCodes[0]!);
    await boss.getByRole('button', { name: 'Verify' }).click();
    await expect(boss).toHaveURL(/\/admin$/);

    await boss.goto('/admin/logs');
    await expect(
      boss.getByText(`${bossEmail} signed in with a backup code`).locator('visible=true').first(),
    ).toBeVisible();
    await expect(
      boss
        .getByText(`${bossEmail} signed in with an authenticator code`)
        .locator('visible=true')
        .first(),
    ).toBeVisible();
    await expect(
      boss
        .getByText(`${bossEmail} set up two-factor authentication`)
        .locator('visible=true')
        .first(),
    ).toBeVisible();
    await boss.close();
  });
});
