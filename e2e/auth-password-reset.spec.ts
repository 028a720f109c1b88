import {
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  newCustomer,
  registerCustomer,
  resetLinkIn,
  signInWithForm,
  test,
  waitForMail,
} from './fixtures';

test('forgot password: mail, reset link, new password twice; the old one is refused after', async ({
  page,
}, testInfo) => {
  const account = newCustomer(testInfo, 'reset');
  await registerCustomer(page.request, account);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that email, we sent a link to reset the password. It works for 1 hour.',
  );

  // The first mail to this address was its verification code.
  const link = resetLinkIn(await waitForMail(account.email, 2));
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expectNoSeriousA11yViolations(page);

  const newPassword = 'brand-new-pass-2';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else-3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been reset. Sign in with your new password.',
  );
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

  await signInWithForm(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu-name')).toHaveText(account.name);
});

test('an expired or unknown reset link says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);

  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('whatever-pass-1');
  await page.getByLabel('Confirm new password').fill('whatever-pass-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');

  await page.goto('/reset-password');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
