import Stripe from 'stripe';
import {
  expect,
  expectNoHorizontalScroll,
  registerTestCustomer,
  signInWithApi,
  staffAccounts,
  staffPassword,
  test,
} from './fixtures';

// A trial account pays for Premium with Stripe Checkout (the local stand-in started by
// global-setup, STRIPE_API_BASE) and becomes Premium only when the completion webhook, signed
// with the SDK's own test helper, arrives; then it cancels at period end.
const webhookSecret = 'whsec_e2e_billing_0001';
const signer = new Stripe('sk_test_signing_only').webhooks;

test('a trial account upgrades through Stripe Checkout, becomes Premium from the webhook, and cancels at period end', async ({
  page,
  browser,
}) => {
  // Staff set-up, a registration and a checkout round trip in one story.
  test.setTimeout(90_000);
  const base = process.env.E2E_BASE_URL!;
  const stripeUrl = process.env.E2E_STRIPE_URL!;

  // Staff enter the test keys on the Payment tab.
  const staff = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signInWithApi(staff.request, base, staffAccounts.super_admin, staffPassword);
  await staff.goto(`${base}/admin/settings`);
  await staff.getByRole('tab', { name: 'Payment Settings' }).click();
  await staff.locator('#card-test-secretKey').fill('sk_test_e2e_askwell');
  await staff.locator('#card-test-webhookSecret').fill(webhookSecret);
  await staff.getByRole('button', { name: 'Save Settings' }).click();
  await expect(staff.getByText('Payment settings saved.')).toBeVisible();
  await expect(staff.locator('#card-test-secretKey')).toHaveAttribute(
    'placeholder',
    /••••well \(saved\)/,
  );
  await staff.screenshot({ path: '/tmp/shots/payments-settings-desktop.png', fullPage: true });
  await staff.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(staff);
  await staff.screenshot({ path: '/tmp/shots/payments-settings-390.png', fullPage: true });
  await staff.close();

  await registerTestCustomer(page.request, { verified: true });
  await page.goto(`${base}/dashboard/settings#plan-billing`);
  await expect(page.getByTestId('plan-name')).toHaveText('Free Trial');
  await page.getByRole('button', { name: 'Upgrade to Premium', exact: true }).click();
  await page.waitForURL(/\/checkout\/cs_test_\w+$/);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  const sessionId = page.url().split('/').pop()!;

  // Back from Checkout without the webhook, nothing changes.
  const event = (await (
    await fetch(`${stripeUrl}/_test/checkout/${sessionId}/complete`, { method: 'POST' })
  ).json()) as object;
  await page.getByRole('link', { name: 'Pay' }).click();
  await page.waitForURL(/\/dashboard\/settings\?checkout=success/);
  await expect(page.getByText('Payment received.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText('Free Trial');

  const payload = JSON.stringify(event);
  const delivered = await page.request.post(`${base}/api/billing/webhooks/stripe`, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    data: payload,
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  // The open page notices on its own.
  await expect(page.getByTestId('plan-name')).toHaveText('Premium');
  await expect(page.getByText(/Premium, paid with Card \(Stripe\)\. Renews on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expect(page.getByText('TEST-0001', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(/Cancels on .+; Free after that\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: '/tmp/shots/payments-billing-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: '/tmp/shots/payments-billing-390.png', fullPage: true });

  await page.reload();
  await expect(page.getByText(/Cancels on .+; Free after that\./)).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText('Premium');
});
