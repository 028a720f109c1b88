import {
  billingMessages,
  isStaffRole,
  planDefinitions,
  type BillingInvoice,
  type BillingState,
  type CheckoutResult,
  type PaymentProvider,
  type RevenueMetrics,
  type SubscriptionStatus,
  type SubscriptionTier,
} from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { createHash } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { reportUnlessStopping } from '../../db/unavailable';
import { AppError } from '../../lib/app-error';
import type { AdminUsersService, StaffActor } from '../admin/admin-users.service';
import type { AuditService, SystemActor } from '../audit/audit.service';
import type { Mailer } from '../mail/mailer';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  currentCounts,
  currentSubscription,
  findByProviderSubscription,
  findPendingCheckout,
  findUserBrief,
  hasPremium,
  insertSubscription,
  lapseEnded,
  payingCountAt,
  recordPaymentEvent,
  statusesOf,
  stripeCustomerOf,
  updateSubscription,
  type SubscriptionRow,
} from './billing.repository';
import type { PaymentSettingsService } from './payment-settings.service';
import {
  razorpayClient,
  stripeClient,
  stripeWebhooks,
  validateRazorpaySignature,
  type Stripe,
} from './providers';

type Options = {
  db: Database;
  paymentSettings: PaymentSettingsService;
  adminUsers: AdminUsersService;
  audit: AuditService;
  notifications: NotificationsService;
  mailer: Mailer;
  logger: Logger;
  stripeApiBase?: string;
  razorpayApiBase?: string;
  graceDays: number;
};

// What a verified provider event says about one subscription.
type ProviderState = {
  provider: PaymentProvider;
  subscriptionId: string;
  customerId?: string | null;
  // Set by Askwell at checkout (metadata / notes / client_reference_id), so the provider's events
  // name the account even when they arrive before the checkout's own.
  userId?: string | null;
  status?: SubscriptionStatus;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  eventAt: Date;
};

// What happened to an account, for the notices sent once the transaction committed.
type Outcome = {
  userId: string;
  tier?: SubscriptionTier;
  pastDueUntil?: Date;
  recovered?: boolean;
};

const sweepEveryMs = 10 * 60_000;
const planLink = '/dashboard/settings#plan-billing';
const premium = planDefinitions.premium;

function systemActor(source: string): SystemActor {
  return { id: null, email: `system (${source})`, ip: null };
}

function fromStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

const fromSeconds = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000) : null;

function stripePeriodEnd(subscription: Stripe.Subscription) {
  return fromSeconds(subscription.items?.data?.[0]?.current_period_end);
}

function idOf(value: string | { id: string } | null | undefined) {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function formatDay(date: Date) {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

// Checkout, the customer portal, invoices, cancel and resume, the providers' webhooks (the only
// source of subscription state besides staff grants), the sweep that ends lapsed Premium, and
// the back office's revenue figures.
export class BillingService {
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly options: Options) {}

  // --- The customer ----------------------------------------------------------------------------

  async state(userId: string): Promise<BillingState> {
    const { db } = this.options;
    const [providers, row, customer] = await Promise.all([
      this.enabledProviders(),
      currentSubscription(db, userId),
      stripeCustomerOf(db, userId),
    ]);
    return {
      providers,
      subscription: row
        ? {
            provider: row.provider as PaymentProvider | 'staff',
            status: row.status as SubscriptionStatus,
            current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: row.cancelAtPeriodEnd,
            grace_ends_at: row.graceEndsAt?.toISOString() ?? null,
          }
        : null,
      can_manage: Boolean(customer) && providers.includes('stripe'),
    };
  }

  async checkout(
    user: { id: string; email: string; name: string; role: string },
    provider: PaymentProvider,
    returnBase: string,
  ): Promise<CheckoutResult> {
    const { db } = this.options;
    if (isStaffRole(user.role)) throw new AppError('forbidden', billingMessages.staffAccount);
    const current = await currentSubscription(db, user.id);
    if (current && current.provider !== 'staff' && (await hasPremium(db, user.id))) {
      throw new AppError('validation_error', billingMessages.alreadyPremium);
    }
    return provider === 'stripe'
      ? this.stripeCheckout(user, returnBase)
      : this.razorpayCheckout(user);
  }

  async portal(userId: string, returnBase: string) {
    const stripe = await this.stripe();
    const customer = await stripeCustomerOf(this.options.db, userId);
    if (!customer) throw new AppError('validation_error', billingMessages.noStripeCustomer);
    const session = await this.call(() =>
      stripe.billingPortal.sessions.create({ customer, return_url: `${returnBase}${planLink}` }),
    );
    return { url: session.url };
  }

  async invoices(userId: string): Promise<BillingInvoice[]> {
    const customer = await stripeCustomerOf(this.options.db, userId);
    if (!customer) return [];
    const stripe = await this.stripe();
    const list = await this.call(() => stripe.invoices.list({ customer, limit: 24 }));
    return list.data.map((invoice) => ({
      id: invoice.id ?? '',
      number: invoice.number ?? null,
      amount_minor: invoice.amount_paid || invoice.amount_due,
      currency: invoice.currency,
      status: invoice.status ?? null,
      created_at: new Date(invoice.created * 1000).toISOString(),
      url: invoice.hosted_invoice_url ?? null,
    }));
  }

  // The provider's own answer to our call is recorded at once (so the button the owner pressed
  // shows its effect); the webhook that follows says the same.
  async setCancelAtPeriodEnd(userId: string, cancel: boolean) {
    const { db } = this.options;
    const row = await currentSubscription(db, userId);
    if (
      !row ||
      row.provider === 'staff' ||
      !row.providerSubscriptionId ||
      !['active', 'past_due'].includes(row.status)
    ) {
      throw new AppError('validation_error', billingMessages.noSubscription);
    }
    const subscriptionId = row.providerSubscriptionId;
    if (row.provider === 'stripe') {
      const stripe = await this.stripe();
      const updated = await this.call(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      await updateSubscription(db, row.id, { cancelAtPeriodEnd: updated.cancel_at_period_end });
    } else {
      const razorpay = await this.razorpay();
      await this.call(() =>
        cancel
          ? razorpay.client.subscriptions.cancel(subscriptionId, true)
          : razorpay.client.subscriptions.cancelScheduledChanges(subscriptionId),
      );
      await updateSubscription(db, row.id, { cancelAtPeriodEnd: cancel });
    }
    return this.state(userId);
  }

  // --- Webhooks ----------------------------------------------------------------------------------

  // Verified with the SDK against the webhook secret of the mode Stripe is in. Returns whether
  // the event was new (a replay is acknowledged and not applied again).
  async stripeWebhook(rawBody: Buffer, signature: string | undefined) {
    const keys = await this.options.paymentSettings.stripeKeys();
    if (!keys?.webhookSecret || !signature) {
      throw new AppError('validation_error', billingMessages.badSignature);
    }
    let event: Stripe.Event;
    try {
      event = stripeWebhooks.constructEvent(rawBody, signature, keys.webhookSecret);
    } catch {
      throw new AppError('validation_error', billingMessages.badSignature);
    }
    const eventAt = new Date(event.created * 1000);
    let state: ProviderState | null = null;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId) break;
        // The session says only that it completed: the subscription's own record says how.
        const stripe = await this.stripe();
        const subscription = await this.call(() => stripe.subscriptions.retrieve(subscriptionId));
        state = {
          provider: 'stripe',
          subscriptionId,
          customerId: idOf(session.customer),
          userId: session.client_reference_id,
          status: fromStripeStatus(subscription.status),
          currentPeriodEnd: stripePeriodEnd(subscription),
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          eventAt,
        };
        break;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        state = {
          provider: 'stripe',
          subscriptionId: subscription.id,
          customerId: idOf(subscription.customer),
          userId: subscription.metadata?.user_id,
          status: fromStripeStatus(subscription.status),
          currentPeriodEnd: stripePeriodEnd(subscription),
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          eventAt,
        };
        break;
      }
      case 'invoice.payment_failed':
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionId = idOf(details?.subscription);
        if (!subscriptionId) break;
        state = {
          provider: 'stripe',
          subscriptionId,
          customerId: idOf(invoice.customer),
          userId: details?.metadata?.user_id,
          status: event.type === 'invoice.paid' ? 'active' : 'past_due',
          eventAt,
        };
        break;
      }
      default:
        break;
    }
    return this.applyEvent({ provider: 'stripe', eventId: event.id, type: event.type }, state);
  }

  async razorpayWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventId: string | undefined,
  ) {
    const keys = await this.options.paymentSettings.razorpayKeys();
    const text = rawBody.toString('utf8');
    let valid = false;
    try {
      valid = Boolean(
        keys?.webhookSecret &&
        signature &&
        validateRazorpaySignature(text, signature, keys.webhookSecret),
      );
    } catch {
      valid = false;
    }
    if (!valid) throw new AppError('validation_error', billingMessages.badSignature);
    const body = parseJson(text) as {
      event?: string;
      created_at?: number;
      payload?: {
        subscription?: {
          entity?: {
            id?: string;
            status?: string;
            current_end?: number | null;
            customer_id?: string | null;
            notes?: Record<string, string> | unknown[];
          };
        };
      };
    };
    const type = body.event ?? 'unknown';
    const entity = body.payload?.subscription?.entity;
    const status = razorpayStatusOf(type);
    const notes = entity?.notes && !Array.isArray(entity.notes) ? entity.notes : {};
    const state: ProviderState | null =
      entity?.id && status
        ? {
            provider: 'razorpay',
            subscriptionId: entity.id,
            customerId: entity.customer_id ?? null,
            userId: notes.user_id,
            status,
            currentPeriodEnd: fromSeconds(entity.current_end) ?? undefined,
            eventAt: fromSeconds(body.created_at) ?? new Date(),
          }
        : null;
    // Razorpay names each delivery in a header; its body alone identifies a replay otherwise.
    const id = eventId || createHash('sha256').update(rawBody).digest('hex');
    return this.applyEvent({ provider: 'razorpay', eventId: id, type }, state);
  }

  private async applyEvent(
    event: { provider: PaymentProvider; eventId: string; type: string },
    state: ProviderState | null,
  ) {
    const { db, logger } = this.options;
    const result = await db.transaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event))) return { duplicate: true, outcome: null };
      const outcome = state ? await this.applyState(tx, state) : null;
      return { duplicate: false, outcome };
    });
    if (result.duplicate) logger.info(event, 'payment event replayed: acknowledged, not applied');
    if (result.outcome) await this.tell(result.outcome);
    return { duplicate: result.duplicate };
  }

  private async applyState(tx: Executor, state: ProviderState): Promise<Outcome | null> {
    const { logger, graceDays } = this.options;
    let row = await findByProviderSubscription(tx, state.provider, state.subscriptionId);
    if (!row) {
      const user = state.userId ? await findUserBrief(tx, state.userId) : null;
      if (!user) {
        logger.warn(
          { provider: state.provider, subscriptionId: state.subscriptionId },
          'payment event for a subscription of no known account',
        );
        return null;
      }
      const pending =
        state.provider === 'stripe' ? await findPendingCheckout(tx, user.id, 'stripe') : null;
      row = pending
        ? await updateSubscription(tx, pending.id, {
            providerSubscriptionId: state.subscriptionId,
          })
        : await insertSubscription(tx, {
            userId: user.id,
            provider: state.provider,
            providerSubscriptionId: state.subscriptionId,
            providerCustomerId: state.customerId ?? null,
            status: 'incomplete',
          });
    }
    // An event older than the last one applied describes a state already superseded.
    if (row.lastEventAt && state.eventAt < row.lastEventAt) {
      logger.info(
        { subscriptionId: state.subscriptionId, eventAt: state.eventAt },
        'payment event older than the subscription state: ignored',
      );
      return null;
    }
    const wasPastDue = row.status === 'past_due';
    const status = state.status ?? (row.status as SubscriptionStatus);
    let graceEndsAt = row.graceEndsAt;
    if (status === 'past_due' && !graceEndsAt) {
      graceEndsAt = new Date(state.eventAt.getTime() + graceDays * 86_400_000);
    } else if (status === 'active') {
      graceEndsAt = null;
    }
    // A grace period that already ran out is not reopened by a later retry; one that ran out
    // before the sweep came round ends here, as the sweep would have ended it.
    const graceOver =
      row.status === 'expired' || (row.graceEndsAt !== null && row.graceEndsAt <= new Date());
    const lapsed = graceOver && status === 'past_due';
    const updated = await updateSubscription(tx, row.id, {
      status: lapsed ? 'expired' : status,
      providerCustomerId: state.customerId ?? row.providerCustomerId,
      currentPeriodEnd:
        state.currentPeriodEnd === undefined ? row.currentPeriodEnd : state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? row.cancelAtPeriodEnd,
      graceEndsAt,
      lastEventAt: state.eventAt,
    });
    const label = state.provider === 'stripe' ? 'Stripe' : 'Razorpay';
    const tier = await this.syncTier(tx, updated.userId, systemActor(`${label} webhook`), {
      reason: `${label} subscription ${updated.status.replace('_', ' ')}`,
    });
    return {
      userId: updated.userId,
      tier,
      pastDueUntil:
        updated.status === 'past_due' && !wasPastDue
          ? (updated.graceEndsAt ?? undefined)
          : undefined,
      recovered: wasPastDue && updated.status === 'active',
    };
  }

  // The account's tier follows its subscriptions, through the same path as a staff change, so
  // every change lands in the audit log.
  private async syncTier(
    tx: Executor,
    userId: string,
    actor: SystemActor | StaffActor,
    { reason }: { reason: string },
  ): Promise<SubscriptionTier | undefined> {
    const user = await findUserBrief(tx, userId);
    if (!user || isStaffRole(user.role)) return undefined;
    const tier: SubscriptionTier = (await hasPremium(tx, userId)) ? 'premium' : 'free';
    if (user.tier === tier) return undefined;
    await this.options.adminUsers.changeTier(actor, userId, tier, { within: tx, reason });
    return tier;
  }

  // Notices about what changed, once it is committed; a notice that fails never undoes it.
  private async tell(outcome: Outcome) {
    const { db, notifications, mailer, logger } = this.options;
    try {
      const user = await findUserBrief(db, outcome.userId);
      if (!user) return;
      if (outcome.pastDueUntil) {
        const until = formatDay(outcome.pastDueUntil);
        const message = `Your Premium payment failed. Update your payment method by ${until} to keep Premium; after that your account becomes Free.`;
        await notifications.raise(user.id, 'billing.past_due', {
          severity: 'warning',
          message,
          link: planLink,
        });
        await mailer.send({
          to: user.email,
          subject: 'Your Askwell payment failed',
          text: `Hello ${user.firstName || 'there'},\n\n${message}\n\nOpen Plan & Billing in your dashboard settings to update it.\n\nAskwell`,
        });
      }
      if (outcome.recovered || outcome.tier === 'premium') {
        await notifications.resolve(user.id, 'billing.past_due');
      }
      if (outcome.tier === 'free') {
        await notifications.resolve(user.id, 'billing.past_due');
        const message =
          'Your Premium plan has ended and your account is now on the Free plan. Nothing was deleted: upgrade again in Plan & Billing to restore Premium.';
        await notifications.raise(user.id, 'billing.ended', {
          severity: 'info',
          message,
          link: planLink,
        });
        await mailer.send({
          to: user.email,
          subject: 'Your Askwell Premium plan has ended',
          text: `Hello ${user.firstName || 'there'},\n\n${message}\n\nAskwell`,
        });
      } else if (outcome.tier === 'premium') {
        await notifications.resolve(user.id, 'billing.ended');
      }
    } catch (error) {
      logger.error({ err: error, userId: outcome.userId }, 'billing notice not sent');
    }
  }

  // --- Ending lapsed Premium -----------------------------------------------------------------------

  async expireLapsed(now = new Date()) {
    const { db } = this.options;
    const outcomes = await db.transaction(async (tx) => {
      const ended = await lapseEnded(tx, now);
      const results: Outcome[] = [];
      for (const userId of new Set(ended.map((row) => row.userId))) {
        const tier = await this.syncTier(tx, userId, systemActor('billing schedule'), {
          reason: reasonForLapse(ended.filter((row) => row.userId === userId)),
        });
        results.push({ userId, tier });
      }
      return results;
    });
    for (const outcome of outcomes) await this.tell(outcome);
    return outcomes.length;
  }

  // Every instance sweeps; each row is ended once (the update takes it out of the set).
  async start() {
    await this.expireLapsed();
    this.sweeper = setInterval(() => {
      this.expireLapsed().catch((error: unknown) =>
        reportUnlessStopping(
          error,
          () => this.stopping,
          () => this.options.logger.error({ err: error }, 'billing sweep failed'),
        ),
      );
    }, sweepEveryMs);
    this.sweeper.unref();
  }

  stop() {
    this.stopping = true;
    clearInterval(this.sweeper);
  }

  // --- Back office ---------------------------------------------------------------------------------

  async grantPremium(actor: StaffActor, userId: string, months: number) {
    const { db, audit } = this.options;
    const result = await db.transaction(async (tx) => {
      const user = await findUserBrief(tx, userId);
      if (!user) throw new AppError('not_found', 'User not found.');
      if (isStaffRole(user.role)) {
        throw new AppError('validation_error', billingMessages.staffAccount);
      }
      const until = new Date();
      until.setUTCMonth(until.getUTCMonth() + months);
      const row = await insertSubscription(tx, {
        userId,
        provider: 'staff',
        status: 'active',
        currentPeriodEnd: until,
        grantedBy: actor.id,
      });
      await audit.record(
        actor,
        {
          action: 'subscription.grant',
          target: { type: 'user', id: userId },
          details: {
            message: `Granted ${user.email} Premium for ${months} month${months === 1 ? '' : 's'}, until ${formatDay(until)}`,
            email: user.email,
            months,
            until: until.toISOString(),
            subscription_id: row.id,
          },
        },
        tx,
      );
      const tier = await this.syncTier(tx, userId, actor, {
        reason: `Premium granted for ${months} month${months === 1 ? '' : 's'}`,
      });
      return { userId, tier };
    });
    await this.tell(result);
  }

  async revenue(now = new Date()): Promise<RevenueMetrics> {
    const { db } = this.options;
    const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
    const [current, before] = await Promise.all([currentCounts(db), payingCountAt(db, monthAgo)]);
    const mrr = current.paying * premium.priceMonthlyMinor;
    const mrrBefore = before.paying * premium.priceMonthlyMinor;
    return {
      currency: premium.currency,
      mrr_minor: mrr,
      arr_minor: mrr * 12,
      growth_percent:
        mrrBefore > 0 ? Math.round(((mrr - mrrBefore) / mrrBefore) * 1000) / 10 : null,
      paying_subscriptions: current.paying,
      staff_grants: current.granted,
    };
  }

  statusesOf(userIds: string[]) {
    return statusesOf(this.options.db, userIds);
  }

  // --- Providers -----------------------------------------------------------------------------------

  private async enabledProviders(): Promise<PaymentProvider[]> {
    const { paymentSettings } = this.options;
    const [stripe, razorpay] = await Promise.all([
      paymentSettings.stripeKeys(),
      paymentSettings.razorpayKeys(),
    ]);
    const providers: PaymentProvider[] = [];
    if (stripe?.secretKey) providers.push('stripe');
    if (razorpay?.keyId && razorpay.keySecret) providers.push('razorpay');
    return providers;
  }

  private async stripe() {
    const keys = await this.options.paymentSettings.stripeKeys();
    if (!keys?.secretKey) throw new AppError('validation_error', billingMessages.providerDisabled);
    return stripeClient(keys.secretKey, this.options.stripeApiBase);
  }

  private async razorpay() {
    const keys = await this.options.paymentSettings.razorpayKeys();
    if (!keys?.keyId || !keys.keySecret) {
      throw new AppError('validation_error', billingMessages.providerDisabled);
    }
    return {
      keys: { ...keys, keySecret: keys.keySecret },
      client: razorpayClient(keys.keyId, keys.keySecret, this.options.razorpayApiBase),
    };
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.options.logger.error({ err: error }, 'payment provider call failed');
      throw new AppError('service_unavailable', billingMessages.providerFailed);
    }
  }

  private async stripeCheckout(
    user: { id: string; email: string; name: string },
    returnBase: string,
  ): Promise<CheckoutResult> {
    const { db } = this.options;
    const stripe = await this.stripe();
    let customer = await stripeCustomerOf(db, user.id);
    if (!customer) {
      const created = await this.call(() =>
        stripe.customers.create({
          email: user.email,
          name: user.name || undefined,
          metadata: { user_id: user.id },
        }),
      );
      customer = created.id;
      await insertSubscription(db, {
        userId: user.id,
        provider: 'stripe',
        providerCustomerId: customer,
        status: 'incomplete',
      });
    }
    const customerId = customer;
    const session = await this.call(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: premium.currency,
              unit_amount: premium.priceMonthlyMinor,
              recurring: { interval: 'month' },
              product_data: { name: `Askwell ${premium.name}` },
            },
          },
        ],
        subscription_data: { metadata: { user_id: user.id } },
        metadata: { user_id: user.id },
        success_url: `${returnBase}/dashboard/settings?checkout=success#plan-billing`,
        cancel_url: `${returnBase}/dashboard/settings?checkout=canceled#plan-billing`,
      }),
    );
    if (!session.url) throw new AppError('service_unavailable', billingMessages.providerFailed);
    return { provider: 'stripe', url: session.url };
  }

  private async razorpayCheckout(user: { id: string; email: string }): Promise<CheckoutResult> {
    const { db, paymentSettings } = this.options;
    const { keys, client } = await this.razorpay();
    let plan = await paymentSettings.razorpayPlan(keys.mode);
    if (!plan || plan.amount !== premium.priceMonthlyMinor || plan.currency !== premium.currency) {
      const created = await this.call(() =>
        client.plans.create({
          period: 'monthly',
          interval: 1,
          item: {
            name: `Askwell ${premium.name}`,
            amount: premium.priceMonthlyMinor,
            currency: premium.currency.toUpperCase(),
          },
          notes: { askwell_plan: premium.id },
        }),
      );
      plan = { id: created.id, amount: premium.priceMonthlyMinor, currency: premium.currency };
      await paymentSettings.rememberRazorpayPlan(keys.mode, plan);
    }
    const planId = plan.id;
    const subscription = await this.call(() =>
      client.subscriptions.create({
        plan_id: planId,
        // Razorpay needs an end: ten years of monthly charges.
        total_count: 120,
        customer_notify: 1,
        notes: { user_id: user.id },
      }),
    );
    await insertSubscription(db, {
      userId: user.id,
      provider: 'razorpay',
      providerSubscriptionId: subscription.id,
      status: 'incomplete',
    });
    return {
      provider: 'razorpay',
      key_id: keys.keyId,
      subscription_id: subscription.id,
      name: 'Askwell',
      description: `${premium.name}: $${premium.priceMonthlyMinor / 100}/month`,
      prefill_email: user.email,
    };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid_json', 'The webhook body is not valid JSON.');
  }
}

function razorpayStatusOf(event: string): SubscriptionStatus | undefined {
  switch (event) {
    case 'subscription.activated':
    case 'subscription.charged':
    case 'subscription.resumed':
      return 'active';
    case 'subscription.pending':
    case 'subscription.halted':
      return 'past_due';
    case 'subscription.cancelled':
    case 'subscription.completed':
      return 'canceled';
    default:
      return undefined;
  }
}

function reasonForLapse(rows: SubscriptionRow[]) {
  if (rows.some((row) => row.graceEndsAt)) return 'the grace period after a failed payment ended';
  if (rows.some((row) => row.provider === 'staff')) return 'the granted Premium period ended';
  return 'the subscription was canceled at the end of its period';
}
