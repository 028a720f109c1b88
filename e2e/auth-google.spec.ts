import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import {
  expect,
  resetLinkIn,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
  waitForMail,
} from './fixtures';

test('Google sign-in through the OpenID provider lands on the dashboard, already verified', async ({
  page,
}) => {
  const login = `g${Date.now().toString(36)}`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu-name')).toHaveText(
    `${login.charAt(0).toUpperCase()}${login.slice(1)} Googler`,
  );
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByText(`${login}@gmail.test`)).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free Trial');
  // Created verified, the account starts with the demo data like one verified by code.
  await expect(page.getByRole('region', { name: 'Demo data' })).toBeVisible();
});

test('a staff member’s Google sign-in is written to the audit log like a password sign-in, and refused once the account has TOTP', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const login = `s${Date.now().toString(36)}`;
  const email = `${login}@gmail.test`;
  const admin = await playwright.request.newContext({ baseURL });
  const headers = { origin: baseURL! };
  await signInWithApi(admin, baseURL!, staffAccounts.super_admin, staffPassword);
  const created = await admin.post('/api/admin/users', {
    headers,
    data: { email, first_name: 'Sam', last_name: 'Staff' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const promoted = await admin.patch(`/api/admin/users/${id}/role`, {
    headers,
    data: { role: 'support_team' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  const logs = await admin.get(
    `/api/admin/logs?${new URLSearchParams({ admin: email, action: 'auth.sign_in' })}`,
  );
  expect(logs.status()).toBe(200);
  const { entries } = (await logs.json()) as {
    entries: { admin_email: string; details: { message: string } }[];
  };
  expect(entries.map((entry) => entry.details.message)).toEqual([`${email} signed in with Google`]);

  // Once the account has TOTP, Google would skip the code: it is refused, and that is logged.
  const password = 'google-staff-password-1';
  const token = /reset-password\/([^?\s]+)/.exec(resetLinkIn(await waitForMail(email)))![1]!;
  const own = await playwright.request.newContext({ baseURL });
  const reset = await own.post('/api/auth/reset-password', {
    headers,
    data: { token, newPassword: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await signInWithApi(own, baseURL!, email, password);
  const setup = await own.post('/api/auth/two-factor/enable', { headers, data: { password } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { totpURI } = (await setup.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const code = await createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
  const confirmed = await own.post('/api/auth/two-factor/verify-totp', {
    headers,
    data: { code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await own.dispose();

  const again = await browser.newPage({ baseURL });
  await again.goto('/login');
  await again.getByRole('button', { name: 'Sign in with Google' }).click();
  await again.locator('input[name="login"]').fill(login);
  await again.locator('input[name="password"]').fill('anything');
  await again.getByRole('button', { name: 'Sign-in' }).click();
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again).toHaveURL(/\/admin\/login\?error=two_factor_google$/);
  await expect(again.getByRole('alert')).toHaveText(
    'This account uses two-factor authentication: sign in with your password and a code.',
  );
  expect((await again.request.get('/api/me')).status()).toBe(401);
  const refused = await admin.get(
    `/api/admin/logs?${new URLSearchParams({ admin: email, action: 'auth.sign_in_failed' })}`,
  );
  const refusals = ((await refused.json()) as { entries: { details: { message: string } }[] })
    .entries;
  expect(refusals.map((entry) => entry.details.message)).toEqual([
    `Google sign-in refused for ${email}: two-factor authentication is on`,
  ]);
  await again.close();
  await admin.dispose();
});
