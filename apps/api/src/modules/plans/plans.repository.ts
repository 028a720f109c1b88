import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  chatbots,
  conversations,
  knowledgeSources,
  subscriptions,
  usageCounters,
  users,
} from '../../db/schema';

export type PlanOwnerRow = {
  id: string;
  email: string;
  firstName: string;
  role: string;
  subscriptionTier: string;
  trialEndsAt: Date | null;
};

export async function findPlanOwner(db: Executor, userId: string) {
  const result = await db.execute<PlanOwnerRow>(sql`
    select ${users.id} as "id", ${users.email} as "email", ${users.firstName} as "firstName",
      ${users.role} as "role", ${users.subscriptionTier} as "subscriptionTier",
      ${users.trialEndsAt} as "trialEndsAt"
    from ${users} where ${users.id} = ${userId}
  `);
  const row = result.rows[0];
  return row ? { ...row, trialEndsAt: toDate(row.trialEndsAt) } : null;
}

// The account's own chatbots, most recently used first: the last visitor message, or its creation
// when it never had one. The demo bot is not the customer's and never counts.
export async function botsByRecentUse(db: Executor, userId: string) {
  const result = await db.execute<{ id: string; name: string }>(sql`
    select ${chatbots.id} as "id", ${chatbots.name} as "name"
    from ${chatbots}
    where ${chatbots.userId} = ${userId} and not ${chatbots.isDemo}
    order by greatest(
      ${chatbots.createdAt},
      (select max(${conversations.lastMessageAt}) from ${conversations}
        where ${conversations.botId} = ${chatbots.id})
    ) desc, ${chatbots.id}
  `);
  return result.rows;
}

// Documents a bot holds, and the website pages its sites may crawl (each site's page cap).
export async function botKnowledgeUse(db: Executor, botId: string) {
  const result = await db.execute<{ documents: number; websitePages: number }>(sql`
    select count(*) filter (where ${knowledgeSources.kind} = 'document')::int as "documents",
      coalesce(sum((${knowledgeSources.settings}->>'maxPages')::int)
        filter (where ${knowledgeSources.kind} = 'website'), 0)::int as "websitePages"
    from ${knowledgeSources} where ${knowledgeSources.botId} = ${botId}
  `);
  return result.rows[0] ?? { documents: 0, websitePages: 0 };
}

// The fullest bot of the account on each measure, for the Plan & Billing meters.
export async function fullestBotUse(db: Executor, userId: string) {
  const result = await db.execute<{ documents: number; websitePages: number }>(sql`
    select coalesce(max(documents), 0)::int as "documents",
      coalesce(max(pages), 0)::int as "websitePages"
    from (
      select count(*) filter (where ${knowledgeSources.kind} = 'document') as documents,
        coalesce(sum((${knowledgeSources.settings}->>'maxPages')::int)
          filter (where ${knowledgeSources.kind} = 'website'), 0) as pages
      from ${knowledgeSources} where ${knowledgeSources.userId} = ${userId}
      group by ${knowledgeSources.botId}
    ) per_bot
  `);
  return result.rows[0] ?? { documents: 0, websitePages: 0 };
}

// One statement, so concurrent messages on any number of instances never pass the limit: the
// first message of the month inserts the row; every later one increments it only while it is
// under the limit (the row lock makes each increment see the one before). No row back: refused.
// Its commit does not wait for the WAL flush (synchronous_commit off for this statement's own
// transaction): a database crash may forget the last few counts, never the ordering between
// them, and the chat path is spared a disk flush per message.
export async function consumeMessage(
  db: Database,
  userId: string,
  periodStart: string,
  limit: number,
) {
  const result = await db.execute<{ messages: number; alertedPercent: number }>(sql`
    with relaxed as (select set_config('synchronous_commit', 'off', true))
    insert into ${usageCounters} as c (user_id, period_start, messages)
    select ${userId}, ${periodStart}::date, 1 from relaxed where ${limit} > 0
    on conflict (user_id, period_start) do update set messages = c.messages + 1
      where c.messages < ${limit}
    returning c.messages as "messages", c.alerted_percent as "alertedPercent"
  `);
  return result.rows[0] ?? null;
}

// Claims an alert threshold: true for exactly one caller per account, month and threshold.
export async function claimUsageAlert(
  db: Database,
  userId: string,
  periodStart: string,
  percent: number,
) {
  const result = await db.execute(sql`
    update ${usageCounters} set alerted_percent = ${percent}
    where user_id = ${userId} and period_start = ${periodStart}::date
      and alerted_percent < ${percent}
    returning 1
  `);
  return result.rows.length > 0;
}

export async function messagesUsed(db: Executor, userId: string, periodStart: string) {
  const result = await db.execute<{ messages: number }>(sql`
    select messages from ${usageCounters}
    where user_id = ${userId} and period_start = ${periodStart}::date
  `);
  return result.rows[0]?.messages ?? 0;
}

export async function latestPeriodEnd(db: Executor, userId: string) {
  const result = await db.execute<{ periodEnd: Date | string | null }>(sql`
    select ${subscriptions.currentPeriodEnd} as "periodEnd" from ${subscriptions}
    where ${subscriptions.userId} = ${userId} and ${subscriptions.currentPeriodEnd} is not null
    order by ${subscriptions.createdAt} desc limit 1
  `);
  return toDate(result.rows[0]?.periodEnd ?? null);
}

// Trial accounts whose `days`-before-the-end reminder is due, each claimed by exactly one caller:
// `trial_reminder_days` holds the last reminder sent (0: the end itself).
export async function claimTrialReminders(db: Database, days: number, now: Date) {
  const result = await db.execute<PlanOwnerRow>(sql`
    update ${users} set trial_reminder_days = ${days}
    where role = 'user' and subscription_tier <> 'premium' and trial_ends_at is not null
      and trial_ends_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${days})
      and ${days === 0 ? sql`trial_ends_at <= ${now.toISOString()}::timestamptz` : sql`trial_ends_at > ${now.toISOString()}::timestamptz`}
      and (trial_reminder_days is null or trial_reminder_days > ${days})
    returning id as "id", email as "email", first_name as "firstName", role as "role",
      subscription_tier as "subscriptionTier", trial_ends_at as "trialEndsAt"
  `);
  return result.rows.map((row) => ({ ...row, trialEndsAt: toDate(row.trialEndsAt) }));
}

function toDate(value: Date | string | null) {
  return value === null ? null : new Date(value);
}
