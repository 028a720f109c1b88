import {
  expect,
  expectNoSeriousA11yViolations,
  registerTestCustomer,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';

async function submitAdminLogin(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function expectError(page: Page, message: string) {
  await expect(page.getByRole('alert')).toHaveText(message);
  // Spec §5: the password field is cleared after any error.
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('when a field is empty, then both are asked for and nothing is sent', async ({ page }) => {
  let signInCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-in')) signInCalls += 1;
  });
  await submitAdminLogin(page, '', 'something');
  await expectError(page, 'Please enter both email and password.');

  await page.getByLabel('Email').fill('someone@example.test');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectError(page, 'Please enter both email and password.');
  expect(signInCalls).toBe(0);
});

test('when the email has no @, then a valid address is asked for', async ({ page }) => {
  await submitAdminLogin(page, 'not-an-email', 'whatever-password');
  await expectError(page, 'Please enter a valid email address.');
});

test('when the password is wrong, then the credentials message shows', async ({ page }) => {
  await submitAdminLogin(page, staffAccounts.support_team, 'definitely-wrong-password');
  await expectError(
    page,
    'Invalid email or password. Please check your credentials and try again.',
  );
  await page.screenshot({ path: 'test-results/screens/admin/login-error-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/admin/login-error-phone.png' });
});

test('when the customer has not verified the address, then they are told to', async ({
  page,
  request,
}) => {
  const customer = await registerTestCustomer(request, { verified: false });
  await submitAdminLogin(page, customer.email, customer.password);
  await expectError(page, 'Please verify your email address before logging in.');
});

test('when a verified customer signs in, then they are refused and signed out', async ({
  page,
  request,
}) => {
  const customer = await registerTestCustomer(request, { verified: true });
  await submitAdminLogin(page, customer.email, customer.password);
  await expectError(page, 'This account does not have administrative privileges.');
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(401);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);
});

test('when staff sign in, then they land on the admin dashboard', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await submitAdminLogin(page, staffAccounts.support_team, staffPassword);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('admin-sidebar-user')).toContainText('Simon Support');
});
