import {
  codeIn,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  newCustomer,
  registerCustomer,
  signInWithForm,
  test,
  waitForMail,
  type CustomerAccount,
} from './fixtures';

test.describe.configure({ mode: 'serial' });

let verified: CustomerAccount;

test('the sign-in screen links to password reset and registration and passes axe', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Askwell — Log in');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
});

test('an unverified account is sent to the code screen with a fresh code, and gets in with it', async ({
  page,
}, testInfo) => {
  const account = newCustomer(testInfo, 'unverified');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Una Verified', email: account.email, password: account.password },
  });
  expect(signUp.status()).toBe(200);
  await waitForMail(account.email);

  await page.goto('/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/verify-email\?email=/);
  await expect(page.getByText('Please verify your email address')).toBeVisible();
  await expect(page.getByText('Verification code sent to your email')).toBeVisible();

  const code = codeIn(await waitForMail(account.email, 2));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu-name')).toHaveText('Una Verified');
});

test('a protected page sends a signed-out visitor to sign in, replacing history, and back after', async ({
  page,
}, testInfo) => {
  verified = newCustomer(testInfo, 'redirect');
  await registerCustomer(page.request, verified);
  await page.context().clearCookies();

  await page.goto('/');
  await page.goto('/dashboard/documents');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fdocuments$/);
  const loginUrl = page.url();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(loginUrl);
  await signInWithForm(page, verified.email, verified.password);
  await expect(page).toHaveURL(/\/dashboard\/documents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a wrong password is refused with the server message in the banner', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, verified.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('returning from a failed Google sign-in shows the spec message', async ({ page }) => {
  await page.goto('/login?error=google&error=access_denied');
  await expect(page.getByRole('alert')).toHaveText('Failed to log in with Google');
});

test('the verification screen works without an address in the link and passes axe', async ({
  page,
}) => {
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter your email.')).toBeVisible();
  await expect(page.getByText('Please enter the 6-digit code.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
