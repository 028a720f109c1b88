import type {
  BillingState,
  CheckoutResult,
  PaymentSettingsUpdate,
  PaymentSettingsView,
  RevenueMetrics,
} from '@askwell/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminLogs, paymentEvents, subscriptions, users } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { signInStaff, signUpCustomer } from './support/customers';
import { startRazorpayServer } from './support/razorpay-server';
import { startSmtpSink } from './support/smtp-sink';
import { startStripeServer } from './support/stripe-server';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let stripe: Awaited<ReturnType<typeof startStripeServer>>;
let razorpay: Awaited<ReturnType<typeof startRazorpayServer>>;
let superAdmin: BrowserClient;
let salesManager: BrowserClient;
let supportTeam: BrowserClient;
let customerCount = 0;
let defaults: PaymentSettingsView;

const keys = {
  stripeTest: { secret: 'sk_test_askwell_0001', webhook: 'whsec_test_askwell_0001' },
  stripeLive: { secret: 'sk_live_askwell_9999', webhook: 'whsec_live_askwell_9999' },
  razorpay: {
    keyId: 'rzp_test_askwell',
    keySecret: 'rzp_secret_askwell_42',
    webhook: 'rzp_whsec_7',
  },
};

const settingsBody = (overrides: Partial<PaymentSettingsUpdate> = {}): PaymentSettingsUpdate => ({
  card: {
    enabled: true,
    testMode: true,
    test: {
      publishableKey: 'pk_test_askwell',
      secretKey: keys.stripeTest.secret,
      webhookSecret: keys.stripeTest.webhook,
    },
    live: {
      publishableKey: 'pk_live_askwell',
      secretKey: keys.stripeLive.secret,
      webhookSecret: keys.stripeLive.webhook,
    },
  },
  regional: {
    enabled: true,
    testMode: true,
    test: {
      keyId: keys.razorpay.keyId,
      keySecret: keys.razorpay.keySecret,
      webhookSecret: keys.razorpay.webhook,
    },
    live: {},
  },
  ...overrides,
});

beforeAll(async () => {
  sink = await startSmtpSink();
  stripe = await startStripeServer();
  razorpay = await startRazorpayServer({
    keyId: keys.razorpay.keyId,
    keySecret: keys.razorpay.keySecret,
  });
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url, STRIPE_API_BASE: stripe.url, RAZORPAY_API_BASE: razorpay.url },
    runWorkers: false,
  });
  const password = 'staff password 123';
  superAdmin = (
    await signInStaff(context, {
      role: 'super_admin',
      email: 'sam@billing.test',
      password,
      ip: '10.41.0.1',
    })
  ).browser;
  salesManager = (
    await signInStaff(context, {
      role: 'sales_manager',
      email: 'sally@billing.test',
      password,
      ip: '10.41.0.2',
    })
  ).browser;
  supportTeam = (
    await signInStaff(context, {
      role: 'support_team',
      email: 'simon@billing.test',
      password,
      ip: '10.41.0.3',
    })
  ).browser;
  defaults = (await superAdmin.request('GET', '/api/admin/settings/payment')).json();
  const saved = await superAdmin.request('PUT', '/api/admin/settings/payment', settingsBody());
  expect(saved.statusCode, saved.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await sink?.close();
  await stripe?.close();
  await razorpay?.close();
});

async function newCustomer(name: string) {
  customerCount += 1;
  const email = `${name}@shop${customerCount}.test`;
  const browser = await signUpCustomer(context, sink, email, `10.41.1.${customerCount}`);
  const [row] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return { browser, email, id: row!.id };
}

async function tierOf(userId: string) {
  const [row] = await context.database.db
    .select({ tier: users.subscriptionTier })
    .from(users)
    .where(eq(users.id, userId));
  return row!.tier;
}

async function billingOf(browser: BrowserClient) {
  const response = await browser.request('GET', '/api/billing');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillingState>();
}

function postStripeEvent(event: object, secret = keys.stripeTest.webhook, signature?: string) {
  const payload = JSON.stringify(event);
  return context.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? stripe.sign(payload, secret),
    },
    payload,
  });
}

function postRazorpayEvent(event: object, eventId: string, secret = keys.razorpay.webhook) {
  const payload = JSON.stringify(event);
  return context.app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': razorpay.sign(payload, secret),
      'x-razorpay-event-id': eventId,
    },
    payload,
  });
}

// A customer who went through Stripe Checkout and paid: Premium through the completion webhook.
async function subscribedWithStripe(name: string) {
  const customer = await newCustomer(name);
  const checkout = await customer.browser.request('POST', '/api/billing/checkout', {
    provider: 'stripe',
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { url } = checkout.json<Extract<CheckoutResult, { provider: 'stripe' }>>();
  const sessionId = url.split('/').pop()!;
  const completed = await postStripeEvent(stripe.completeCheckout(sessionId));
  expect(completed.statusCode, completed.body).toBe(200);
  const subscriptionId = String(stripe.sessions.get(sessionId)!.subscription);
  return { ...customer, sessionId, subscriptionId };
}

async function tierAudits(userId: string) {
  return context.database.db
    .select({ email: adminLogs.adminEmail, adminId: adminLogs.adminId, details: adminLogs.details })
    .from(adminLogs)
    .where(and(eq(adminLogs.action, 'user.tier_change'), eq(adminLogs.targetId, userId)))
    .orderBy(adminLogs.createdAt);
}

describe('Payment Settings', () => {
  test('when a super admin reads Payment Settings, then secrets are masked, encrypted at rest, and both modes are kept apart', async () => {
    const response = await superAdmin.request('GET', '/api/admin/settings/payment');
    expect(response.statusCode).toBe(200);
    const view = response.json<PaymentSettingsView>();
    expect(view.card.test.secretKey).toEqual({ set: true, masked: '••••0001' });
    expect(view.card.live.secretKey).toEqual({ set: true, masked: '••••9999' });
    expect(view.card.test.publishableKey).toBe('pk_test_askwell');
    expect(view.regional.live.keySecret).toEqual({ set: false, masked: null });
    expect(response.body).not.toContain(keys.stripeTest.secret);
    const stored = await context.database.db.execute<{ value: unknown }>(
      sql`select value from platform_settings where key = 'payment'`,
    );
    const raw = JSON.stringify(stored.rows[0]!.value);
    for (const secret of [
      keys.stripeTest.secret,
      keys.stripeLive.webhook,
      keys.razorpay.keySecret,
    ]) {
      expect(raw).not.toContain(secret);
    }
    const [audit] = await context.database.db
      .select()
      .from(adminLogs)
      .where(eq(adminLogs.action, 'payment_settings.update'));
    expect(audit!.adminEmail).toBe('sam@billing.test');
    expect(JSON.stringify(audit!.details)).not.toContain(keys.stripeTest.secret);
  });

  test('when Payment Settings were never saved, then both providers are enabled and in test mode, with no keys', () => {
    expect(defaults.card).toMatchObject({ enabled: true, testMode: true });
    expect(defaults.regional).toMatchObject({ enabled: true, testMode: true });
    expect(defaults.card.test.secretKey).toEqual({ set: false, masked: null });
    expect(defaults.regional.test.keyId).toBe('');
  });

  test('when a sales manager or support agent opens Payment Settings, then they are refused', async () => {
    for (const browser of [salesManager, supportTeam]) {
      expect((await browser.request('GET', '/api/admin/settings/payment')).statusCode).toBe(403);
      expect(
        (await browser.request('PUT', '/api/admin/settings/payment', settingsBody())).statusCode,
      ).toBe(403);
    }
  });
});

describe('Stripe', () => {
  test('when a customer checks out and Stripe sends the completion webhook, then the account is Premium, audited as a system change', async () => {
    const customer = await newCustomer('ann');
    expect((await billingOf(customer.browser)).providers).toEqual(['stripe', 'razorpay']);
    const checkout = await customer.browser.request('POST', '/api/billing/checkout', {
      provider: 'stripe',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const result = checkout.json<CheckoutResult>();
    expect(result.provider).toBe('stripe');
    const url = (result as { url: string }).url;
    expect(url.startsWith(`${stripe.url}/checkout/cs_test_`)).toBe(true);
    const session = stripe.sessions.get(url.split('/').pop()!)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: customer.id,
      amount_total: 4900,
      currency: 'usd',
    });
    expect(String(session.success_url)).toMatch(
      /\/dashboard\/settings\?checkout=success#plan-billing$/,
    );
    // Coming back from Checkout changes nothing: only the webhook does.
    await customer.browser.request('GET', '/dashboard/settings?checkout=success');
    expect(await tierOf(customer.id)).toBe('free');

    const completed = await postStripeEvent(stripe.completeCheckout(String(session.id)));
    expect(completed.json()).toEqual({ received: true, duplicate: false });
    expect(await tierOf(customer.id)).toBe('premium');
    const state = await billingOf(customer.browser);
    expect(state.subscription).toMatchObject({
      provider: 'stripe',
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(state.can_manage).toBe(true);
    const audits = await tierAudits(customer.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ email: 'system (Stripe webhook)', adminId: null });
    expect(audits[0]!.details.message).toContain('from Free to Premium');
  });

  test('when a webhook is not signed with the webhook secret, then it is refused and nothing changes', async () => {
    const customer = await newCustomer('bob');
    const checkout = await customer.browser.request('POST', '/api/billing/checkout', {
      provider: 'stripe',
    });
    const sessionId = checkout.json<{ url: string }>().url.split('/').pop()!;
    const event = stripe.completeCheckout(sessionId);
    for (const response of [
      await postStripeEvent(event, 'whsec_someone_else'),
      await postStripeEvent(event, keys.stripeTest.webhook, 't=1,v1=deadbeef'),
      // The live secret does not verify a test-mode delivery.
      await postStripeEvent(event, keys.stripeLive.webhook),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        'The webhook signature is not valid.',
      );
    }
    expect(await tierOf(customer.id)).toBe('free');
    const recorded = await context.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toEqual([]);
  });

  test('when Stripe replays a delivered event, then it is acknowledged and applied once', async () => {
    const customer = await newCustomer('cyd');
    const checkout = await customer.browser.request('POST', '/api/billing/checkout', {
      provider: 'stripe',
    });
    const sessionId = checkout.json<{ url: string }>().url.split('/').pop()!;
    const event = stripe.completeCheckout(sessionId);
    expect((await postStripeEvent(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await postStripeEvent(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await tierOf(customer.id)).toBe('premium');
    expect(await tierAudits(customer.id)).toHaveLength(1);
  });

  test('when an older event arrives after a newer one, then the newer state stands', async () => {
    const customer = await subscribedWithStripe('dee');
    const now = Math.floor(Date.now() / 1000);
    const deleted = stripe.subscriptionEvent(
      customer.subscriptionId,
      'customer.subscription.deleted',
      { status: 'canceled' },
      now + 120,
    );
    const staleActive = stripe.subscriptionEvent(
      customer.subscriptionId,
      'customer.subscription.updated',
      { status: 'active' },
      now + 60,
    );
    expect((await postStripeEvent(deleted)).statusCode).toBe(200);
    expect(await tierOf(customer.id)).toBe('free');
    expect((await postStripeEvent(staleActive)).statusCode).toBe(200);
    expect(await tierOf(customer.id)).toBe('free');
    expect((await billingOf(customer.browser)).subscription?.status).toBe('canceled');
  });

  test('when a renewal fails, then the account is past due with a notice and mail, keeps Premium through the grace period, and is Free when it ends', async () => {
    const customer = await subscribedWithStripe('eve');
    const mailsBefore = sink.mailsTo(customer.email).length;
    const failed = await postStripeEvent(stripe.failRenewal(customer.subscriptionId));
    expect(failed.statusCode).toBe(200);
    const state = await billingOf(customer.browser);
    expect(state.subscription?.status).toBe('past_due');
    const graceEndsAt = new Date(state.subscription!.grace_ends_at!);
    const days = (graceEndsAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(await tierOf(customer.id)).toBe('premium');
    const mail = await sink.waitForMail(customer.email, mailsBefore + 1);
    expect(mail.subject).toBe('Your Askwell payment failed');
    const alerts = await customer.browser.request('GET', '/api/dashboard/overview');
    expect(alerts.body).toContain('Your Premium payment failed.');

    // The day before the grace period ends, nothing happens; after it, the account is Free.
    await context.app.billing.expireLapsed(new Date(graceEndsAt.getTime() - 86_400_000));
    expect(await tierOf(customer.id)).toBe('premium');
    await context.database.db
      .update(subscriptions)
      .set({ graceEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.providerSubscriptionId, customer.subscriptionId));
    expect(await context.app.billing.expireLapsed()).toBe(1);
    expect(await tierOf(customer.id)).toBe('free');
    expect((await billingOf(customer.browser)).subscription?.status).toBe('expired');
    const audits = await tierAudits(customer.id);
    expect(audits.at(-1)).toMatchObject({ email: 'system (billing schedule)' });
    expect(audits.at(-1)!.details.message).toContain('grace period');
  });

  test('when Stripe’s retry fails again after the grace period ran out, before the sweep, then the account is Free at once', async () => {
    const customer = await subscribedWithStripe('ivy');
    expect((await postStripeEvent(stripe.failRenewal(customer.subscriptionId))).statusCode).toBe(
      200,
    );
    expect(await tierOf(customer.id)).toBe('premium');
    await context.database.db
      .update(subscriptions)
      .set({ graceEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.providerSubscriptionId, customer.subscriptionId));
    expect((await postStripeEvent(stripe.failRenewal(customer.subscriptionId))).statusCode).toBe(
      200,
    );
    expect(await tierOf(customer.id)).toBe('free');
    expect((await billingOf(customer.browser)).subscription?.status).toBe('expired');
  });

  test('when a customer cancels at period end and resumes, then Premium stays until the period ends, and ends then', async () => {
    const customer = await subscribedWithStripe('fay');
    const cancel = await customer.browser.request('POST', '/api/billing/cancel');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<BillingState>().subscription?.cancel_at_period_end).toBe(true);
    expect(stripe.subscriptions.get(customer.subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await tierOf(customer.id)).toBe('premium');
    const resume = await customer.browser.request('POST', '/api/billing/resume');
    expect(resume.json<BillingState>().subscription?.cancel_at_period_end).toBe(false);
    await customer.browser.request('POST', '/api/billing/cancel');
    const periodEnd = new Date(
      (await billingOf(customer.browser)).subscription!.current_period_end!,
    );
    await context.app.billing.expireLapsed(new Date(periodEnd.getTime() - 60_000));
    expect(await tierOf(customer.id)).toBe('premium');
    await context.app.billing.expireLapsed(new Date(periodEnd.getTime() + 60_000));
    expect(await tierOf(customer.id)).toBe('free');
  });

  test('when a paying customer opens Manage billing and invoices, then they get their portal and only their invoices', async () => {
    const ann = await subscribedWithStripe('gus');
    const other = await subscribedWithStripe('hal');
    const portal = await ann.browser.request('POST', '/api/billing/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ url: string }>().url).toContain(`${stripe.url}/portal/cus_`);
    const invoices = await ann.browser.request('GET', '/api/billing/invoices');
    const list = invoices.json<{ invoices: { amount_minor: number; status: string }[] }>().invoices;
    expect(list).toEqual([expect.objectContaining({ amount_minor: 4900, status: 'paid' })]);
    const otherList = (await other.browser.request('GET', '/api/billing/invoices')).json<{
      invoices: { id: string }[];
    }>().invoices;
    expect(otherList).toHaveLength(1);
    expect(otherList[0]!.id).not.toBe((list[0] as unknown as { id: string }).id);
  });

  test('when a customer with no subscription tries to cancel, manage billing or reads another account, then they are refused or see only their own', async () => {
    const paying = await subscribedWithStripe('ida');
    const newcomer = await newCustomer('jon');
    expect((await newcomer.browser.request('POST', '/api/billing/cancel')).statusCode).toBe(400);
    expect((await newcomer.browser.request('POST', '/api/billing/portal')).statusCode).toBe(400);
    expect((await billingOf(newcomer.browser)).subscription).toBeNull();
    expect(
      (await newcomer.browser.request('GET', '/api/billing/invoices')).json<{ invoices: [] }>()
        .invoices,
    ).toEqual([]);
    expect(await tierOf(paying.id)).toBe('premium');
    const signedOut = await context.app.inject({ method: 'GET', url: '/api/billing' });
    expect(signedOut.statusCode).toBe(401);
  });

  test('when Stripe is switched to live mode, then checkout uses the live key and only the live webhook secret verifies', async () => {
    const live = settingsBody();
    live.card = { ...live.card, testMode: false, test: {}, live: {} };
    live.regional = { ...live.regional, test: {}, live: {} };
    expect((await superAdmin.request('PUT', '/api/admin/settings/payment', live)).statusCode).toBe(
      200,
    );
    try {
      const customer = await newCustomer('kim');
      await customer.browser.request('POST', '/api/billing/checkout', { provider: 'stripe' });
      expect(stripe.requests.at(-1)!.authorization).toBe(`Bearer ${keys.stripeLive.secret}`);
      const sessionId = [...stripe.sessions.keys()].at(-1)!;
      const event = stripe.completeCheckout(sessionId);
      expect((await postStripeEvent(event, keys.stripeTest.webhook)).statusCode).toBe(400);
      expect((await postStripeEvent(event, keys.stripeLive.webhook)).statusCode).toBe(200);
      expect(await tierOf(customer.id)).toBe('premium');
    } finally {
      const back = settingsBody();
      back.card = { ...back.card, test: {}, live: {} };
      back.regional = { ...back.regional, test: {}, live: {} };
      await superAdmin.request('PUT', '/api/admin/settings/payment', back);
    }
  });
});

describe('Razorpay', () => {
  test('when a customer subscribes through Razorpay and its webhook says activated, then the account is Premium; a bad signature is refused', async () => {
    const customer = await newCustomer('lea');
    const checkout = await customer.browser.request('POST', '/api/billing/checkout', {
      provider: 'razorpay',
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const result = checkout.json<Extract<CheckoutResult, { provider: 'razorpay' }>>();
    expect(result).toMatchObject({ provider: 'razorpay', key_id: keys.razorpay.keyId });
    expect(razorpay.plans.size).toBe(1);
    const plan = [...razorpay.plans.values()][0]!;
    expect(plan).toMatchObject({ period: 'monthly', interval: 1 });
    expect(plan.item).toMatchObject({ amount: 4900, currency: 'USD' });
    expect(await tierOf(customer.id)).toBe('free');

    const activated = razorpay.activate(result.subscription_id);
    expect((await postRazorpayEvent(activated, 'evt_rzp_1', 'wrong secret')).statusCode).toBe(400);
    expect(await tierOf(customer.id)).toBe('free');
    expect((await postRazorpayEvent(activated, 'evt_rzp_1')).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await tierOf(customer.id)).toBe('premium');
    expect((await postRazorpayEvent(activated, 'evt_rzp_1')).json()).toEqual({
      received: true,
      duplicate: true,
    });

    // A second checkout reuses the plan.
    const second = await newCustomer('max');
    await second.browser.request('POST', '/api/billing/checkout', { provider: 'razorpay' });
    expect(razorpay.plans.size).toBe(1);

    const cancel = await customer.browser.request('POST', '/api/billing/cancel');
    expect(cancel.json<BillingState>().subscription?.cancel_at_period_end).toBe(true);
    expect(razorpay.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/${result.subscription_id}/cancel`,
      body: { cancel_at_cycle_end: 1 },
    });
    const resume = await customer.browser.request('POST', '/api/billing/resume');
    expect(resume.json<BillingState>().subscription?.cancel_at_period_end).toBe(false);

    const halted = razorpay.event('subscription.halted', result.subscription_id, {
      status: 'halted',
    });
    await postRazorpayEvent(halted, 'evt_rzp_2');
    expect((await billingOf(customer.browser)).subscription?.status).toBe('past_due');
    const cancelled = razorpay.event('subscription.cancelled', result.subscription_id, {
      status: 'cancelled',
    });
    await postRazorpayEvent(cancelled, 'evt_rzp_3');
    expect(await tierOf(customer.id)).toBe('free');
  });

  test('when a provider is disabled in Payment Settings, then it is not offered and its checkout is refused', async () => {
    const body = settingsBody();
    body.regional = { ...body.regional, enabled: false, test: {}, live: {} };
    body.card = { ...body.card, test: {}, live: {} };
    await superAdmin.request('PUT', '/api/admin/settings/payment', body);
    try {
      const customer = await newCustomer('ned');
      expect((await billingOf(customer.browser)).providers).toEqual(['stripe']);
      const refused = await customer.browser.request('POST', '/api/billing/checkout', {
        provider: 'razorpay',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'This payment method is not available. Choose another one or contact support.',
      );
    } finally {
      body.regional.enabled = true;
      await superAdmin.request('PUT', '/api/admin/settings/payment', body);
    }
  });
});

describe('back office', () => {
  test('when a sales manager grants Premium for 3 months, then the account is Premium until then and the grant is audited', async () => {
    const customer = await newCustomer('ola');
    const granted = await salesManager.request('POST', `/api/admin/users/${customer.id}/premium`, {
      months: 3,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<BillingState>().subscription).toMatchObject({
      provider: 'staff',
      status: 'active',
    });
    expect(await tierOf(customer.id)).toBe('premium');
    const [grant] = await context.database.db
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.action, 'subscription.grant'), eq(adminLogs.targetId, customer.id)));
    expect(grant!.adminEmail).toBe('sally@billing.test');
    expect(grant!.details.message).toContain('Premium for 3 months');
    const tooLong = await superAdmin.request('POST', `/api/admin/users/${customer.id}/premium`, {
      months: 36,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await supportTeam.request('POST', `/api/admin/users/${customer.id}/premium`, { months: 1 }))
        .statusCode,
    ).toBe(403);
    const customerTries = await customer.browser.request(
      'POST',
      `/api/admin/users/${customer.id}/premium`,
      { months: 1 },
    );
    expect(customerTries.statusCode).toBe(403);
  });

  test('when staff read revenue, then MRR and ARR count the paying subscriptions that give Premium', async () => {
    const response = await supportTeam.request('GET', '/api/admin/overview/revenue');
    expect(response.statusCode).toBe(200);
    const revenue = response.json<RevenueMetrics>();
    const [{ paying }] = (
      await context.database.db.execute<{ paying: number }>(
        sql`select count(*)::int as paying from subscriptions
            where provider <> 'staff' and (status = 'active' or (status = 'past_due' and grace_ends_at > now()))`,
      )
    ).rows as [{ paying: number }];
    expect(paying).toBeGreaterThan(0);
    expect(revenue.paying_subscriptions).toBe(paying);
    expect(revenue.mrr_minor).toBe(paying * 4900);
    expect(revenue.arr_minor).toBe(paying * 4900 * 12);
    expect(revenue.staff_grants).toBeGreaterThanOrEqual(1);
    // Every subscription here began today: there was no revenue a month ago to grow from.
    expect(revenue.growth_percent).toBeNull();
    const customer = await newCustomer('pia');
    expect((await customer.browser.request('GET', '/api/admin/overview/revenue')).statusCode).toBe(
      403,
    );
  });
});
