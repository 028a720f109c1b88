import { botDefaults, quotaExceededMessage } from '@askwell/shared';
import { request } from '@playwright/test';
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
import { serverQuery } from './support/server-database';

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
  await staff.screenshot({
    path: 'test-results/screens/billing/payments-settings-desktop.png',
    fullPage: true,
  });
  await staff.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(staff);
  await staff.screenshot({
    path: 'test-results/screens/billing/payments-settings-390.png',
    fullPage: true,
  });
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
  // Numbered across the stand-in's customers: the other story's invoices share the sequence.
  await expect(page.getByText(/^TEST-\d{4}$/)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(/Cancels on .+; Free after that\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({
    path: 'test-results/screens/billing/payments-billing-desktop.png',
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({
    path: 'test-results/screens/billing/payments-billing-390.png',
    fullPage: true,
  });

  await page.reload();
  await expect(page.getByText(/Cancels on .+; Free after that\./)).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText('Premium');
});

test('a failed renewal shows the past-due notice with the grace end, and after the grace period the account is Free with Free limits', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const base = process.env.E2E_BASE_URL!;
  const stripeUrl = process.env.E2E_STRIPE_URL!;
  const origin = { Origin: new URL(base).origin };
  const deliver = async (event: object) => {
    const payload = JSON.stringify(event);
    const response = await page.request.post(`${base}/api/billing/webhooks/stripe`, {
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      data: payload,
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  // The test keys, as the first story saves them on the Payment tab (the stories run apart).
  const staff = await request.newContext();
  await signInWithApi(staff, base, staffAccounts.super_admin, staffPassword);
  const keys = { secretKey: 'sk_test_e2e_askwell', webhookSecret };
  const saved = await staff.put(`${base}/api/admin/settings/payment`, {
    headers: origin,
    data: {
      card: { enabled: true, testMode: true, test: keys, live: {} },
      regional: { enabled: true, testMode: true, test: {}, live: {} },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await staff.dispose();

  // A paying customer with one chatbot: checkout completed and its webhook delivered.
  const owner = await registerTestCustomer(page.request, { verified: true });
  await signInWithApi(page.request, base, owner.email, owner.password);
  // Paid after the trial, so losing Premium means Free, not the trial's limits.
  await serverQuery(`update users set trial_ends_at = now() - interval '1 day' where email = $1`, [
    owner.email,
  ]);
  const bot = await page.request.post(`${base}/api/bots`, {
    headers: origin,
    data: { ...botDefaults, name: 'Only Bot' },
  });
  expect(bot.status(), await bot.text()).toBe(201);
  const checkout = await page.request.post(`${base}/api/billing/checkout`, {
    headers: origin,
    data: { provider: 'stripe' },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  const completed = (await (
    await fetch(`${stripeUrl}/_test/checkout/${sessionId}/complete`, { method: 'POST' })
  ).json()) as { data: { object: { subscription: string } } };
  await deliver(completed);
  const subscriptionId = completed.data.object.subscription;
  const failRenewal = async () =>
    (await (
      await fetch(`${stripeUrl}/_test/subscriptions/${subscriptionId}/fail-renewal`, {
        method: 'POST',
      })
    ).json()) as object;

  await page.goto(`${base}/dashboard/settings#plan-billing`);
  await expect(page.getByTestId('plan-name')).toHaveText('Premium');

  // The renewal charge is declined: Premium stays through the grace period, with the date.
  await deliver(await failRenewal());
  const graceEndsAt = (
    await serverQuery(
      `select grace_ends_at from subscriptions where provider_subscription_id = $1`,
      [subscriptionId],
    )
  ).rows[0]!.grace_ends_at as Date;
  const graceEnd = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(graceEndsAt);
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: 'Past due' });
  await expect(notice).toHaveText(
    `Past due: your last payment failed. Update your payment method by ${graceEnd} to keep Premium; after that your account becomes Free.`,
  );
  await expect(page.getByTestId('plan-name')).toHaveText('Premium');
  await page.screenshot({ path: 'test-results/screens/plans/past-due-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/screens/plans/past-due-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The grace period runs out (no screen makes days pass) and Stripe's next retry fails too.
  await serverQuery(
    `update subscriptions set grace_ends_at = now() - interval '1 minute' where provider_subscription_id = $1`,
    [subscriptionId],
  );
  await deliver(await failRenewal());
  await page.reload();
  await expect(page.getByTestId('plan-name')).toHaveText('Free');
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upgrade to Premium', exact: true })).toBeVisible();

  // Free limits apply: a second chatbot is refused with the plan's message.
  await page.goto(`${base}/dashboard/bots/new`);
  await page.getByLabel(/^Chatbot name/).fill('Second Bot');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(quotaExceededMessage('chatbots', 'free'))).toBeVisible();
});
