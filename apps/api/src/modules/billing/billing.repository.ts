import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentEvents, subscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type SubscriptionProvider = 'stripe' | 'razorpay' | 'staff';

// Each provider event once: false when it was already recorded (a replay).
export async function recordPaymentEvent(
  db: Executor,
  event: { provider: 'stripe' | 'razorpay'; eventId: string; type: string },
) {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

export async function findByProviderSubscription(
  db: Executor,
  provider: SubscriptionProvider,
  providerSubscriptionId: string,
) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .for('update');
  return row ?? null;
}

// The row a checkout opened before the provider knew of a subscription (Stripe: the customer).
export async function findPendingCheckout(db: Executor, userId: string, provider: 'stripe') {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, provider),
        isNull(subscriptions.providerSubscriptionId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function stripeCustomerOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, 'stripe'),
        isNotNull(subscriptions.providerCustomerId),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

export async function insertSubscription(
  db: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(
  db: Executor,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

// What gives Premium: a paid subscription that is active, or past due within its grace period,
// or a staff grant whose period has not ended.
const givesPremium = sql`(
  (${subscriptions.status} in ('active', 'trialing')
    and (${subscriptions.provider} <> 'staff' or ${subscriptions.currentPeriodEnd} > now()))
  or (${subscriptions.status} = 'past_due' and ${subscriptions.graceEndsAt} > now())
)`;

export async function hasPremium(db: Executor, userId: string) {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), givesPremium))
    .limit(1);
  return rows.length > 0;
}

// The subscription the customer sees: the one giving Premium, else the newest that is not an
// abandoned checkout.
export async function currentSubscription(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} <> 'incomplete'`))
    .orderBy(sql`${givesPremium} desc`, desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

// Rows whose Premium ended while nobody was told: a grace period over, a cancellation at period end
// reached (its provider's own "ended" event may be late or lost), a staff grant run out.
export async function lapseEnded(db: Executor, now: Date) {
  return db
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      sql`(${subscriptions.status} = 'past_due' and ${subscriptions.graceEndsAt} <= ${now})
        or (${subscriptions.status} in ('active', 'trialing')
          and ${subscriptions.currentPeriodEnd} <= ${now}
          and (${subscriptions.cancelAtPeriodEnd} or ${subscriptions.provider} = 'staff'))`,
    )
    .returning();
}

export async function findUserBrief(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      tier: users.subscriptionTier,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// Paying subscriptions (not staff grants) that gave Premium at `at`: `updated_at` stands for
// the end of one that has ended since.
export async function payingCountAt(db: Executor, at: Date) {
  const result = await db.execute<{ paying: number; granted: number }>(sql`
    select
      count(*) filter (where provider <> 'staff')::int as paying,
      count(*) filter (where provider = 'staff')::int as granted
    from subscriptions
    where created_at <= ${at}
      and (
        (status in ('active', 'trialing') and (provider <> 'staff' or current_period_end > ${at}))
        or (status = 'past_due' and grace_ends_at > ${at})
        or (status in ('canceled', 'expired') and updated_at > ${at})
      )`);
  return result.rows[0] ?? { paying: 0, granted: 0 };
}

export async function currentCounts(db: Executor) {
  const result = await db.execute<{ paying: number; granted: number }>(sql`
    select
      count(*) filter (where provider <> 'staff')::int as paying,
      count(*) filter (where provider = 'staff')::int as granted
    from subscriptions
    where ${givesPremium}`);
  return result.rows[0] ?? { paying: 0, granted: 0 };
}

// The status each listed account's subscription shows in the back office's Users list.
export async function statusesOf(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const result = await db.execute<{ user_id: string; status: string }>(sql`
    select distinct on (user_id) user_id, status
    from subscriptions
    where user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and status <> 'incomplete'
    order by user_id, ${givesPremium} desc, created_at desc`);
  return new Map(result.rows.map((row) => [row.user_id, row.status]));
}
