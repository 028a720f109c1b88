import { expect, test } from './fixtures';

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
