import {
  codeIn,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  newCustomer,
  test,
  waitForMail,
  type CustomerAccount,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

let account: CustomerAccount;

test('the registration form explains each missing or invalid field without calling the server', async ({
  page,
}) => {
  await page.goto('/register');
  await expect(page).toHaveTitle('Askwell — Create your account');
  await expect(page.getByText('Must be at least 8 characters long')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expectNoSeriousA11yViolations(page);

  let signUpCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) signUpCalls += 1;
  });
  await page.getByLabel('Full Name').fill('Casey Customer');
  await page.getByLabel('Email').fill('casey@example.com');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await expect(page.getByText('Please accept the terms and privacy policy.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(signUpCalls).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
});

test('registering sends a code by mail; a wrong code is refused, the right one opens the dashboard', async ({
  page,
}, testInfo) => {
  account = newCustomer(testInfo, 'register');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Riley Registrant');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByText('Verification code sent to your email')).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  const code = page.getByLabel('Verification code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousA11yViolations(page);

  // No dashboard before the address is verified.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  await page.goBack();
  await expect(page).toHaveURL(/\/verify-email/);

  const mailed = codeIn(await waitForMail(account.email));
  const wrong = mailed === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Failed to verify email')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid verification code' }),
  ).toBeVisible();

  await code.fill(mailed);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The failed attempt's toast ended with the flow that succeeded: checked once, at once, since
  // a toast left behind would fade by itself a few seconds later.
  expect(await page.getByText('Failed to verify email').count()).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Riley Registrant');
  await expect(page.getByTestId('current-plan')).toHaveText('Current Plan: Free Trial');
  await expect(page.getByTestId('trial-status')).toHaveText('14 days left');

  // Signed in, the sign-in screens step aside.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('registering an address that already has an account shows the spec message', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'An account with this email already exists. Please log in or use a different email.',
  );
  await expect(page).toHaveURL(/\/register$/);
});

test('returning from a failed Google sign-up shows the spec message', async ({ page }) => {
  await page.goto('/register?error=access_denied');
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to sign up with Google. Please try again.',
  );
  await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
});
