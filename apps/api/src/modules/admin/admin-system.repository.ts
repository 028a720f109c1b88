import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type JobFilter = 'processing' | 'completed' | 'failed' | undefined;
export type JobCursor = { at: string; id: string };

export type JobRow = {
  id: string;
  name: string;
  kind: string;
  status: string;
  stage: string;
  progress: number;
  attempts: number;
  error_message: string | null;
  created_at: Date;
  updated_at: Date;
  // Microsecond text of updated_at, for an exact cursor.
  cursor_at: string;
  bot_id: string;
  bot_name: string;
  owner_id: string;
  owner_email: string;
};

// Waiting sources are in the pipeline too: to staff both read as 'processing'.
function statusCondition(filter: JobFilter) {
  if (filter === 'processing') return sql`s.status in ('pending', 'processing')`;
  if (filter) return sql`s.status = ${filter}`;
  return sql`true`;
}

// Every document, website and Q&A source of the platform's real bots (demo bots' sample sources
// left out, as on the dashboard tiles), the most recently changed first.
export async function listJobs(
  db: Database,
  query: { filter: JobFilter; before: JobCursor | null; limit: number },
) {
  const after = query.before
    ? sql`and (s.updated_at, s.id) < (${query.before.at}::timestamptz, ${query.before.id}::uuid)`
    : sql``;
  const result = await db.execute<JobRow>(sql`
    select s.id, s.name, s.kind, s.status, s.stage, s.progress, s.attempts, s.error_message,
      s.created_at, s.updated_at,
      to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
      b.id as bot_id, b.name as bot_name, u.id as owner_id, u.email as owner_email
    from knowledge_sources s
    join chatbots b on b.id = s.bot_id and not b.is_demo
    join users u on u.id = s.user_id
    where ${statusCondition(query.filter)} ${after}
    order by s.updated_at desc, s.id desc
    limit ${query.limit}
  `);
  return result.rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
  }));
}

export async function countJobs(db: Database) {
  const result = await db.execute<{ processing: number; completed: number; failed: number }>(sql`
    select
      count(*) filter (where s.status in ('pending', 'processing'))::int as processing,
      count(*) filter (where s.status = 'completed')::int as completed,
      count(*) filter (where s.status = 'failed')::int as failed
    from knowledge_sources s
    join chatbots b on b.id = s.bot_id and not b.is_demo
  `);
  return result.rows[0]!;
}

export async function findJob(db: Database, sourceId: string) {
  const result = await db.execute<{
    id: string;
    name: string;
    bot_name: string;
    owner_email: string;
  }>(
    sql`
      select s.id, s.name, b.name as bot_name, u.email as owner_email
      from knowledge_sources s
      join chatbots b on b.id = s.bot_id
      join users u on u.id = s.user_id
      where s.id = ${sourceId}::uuid
    `,
  );
  return result.rows[0] ?? null;
}

export async function countCustomers(db: Database, ids: string[]) {
  if (ids.length === 0) return 0;
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from users
    where id = any(${sql.param(ids)}::text[]) and role = 'user'
  `);
  return result.rows[0]!.count;
}

export type UsageRow = {
  answerer: string;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
};

// Answers written by a model ('provider:model'; the built-in answerer and stored Q&A answers
// called none) over the last `days` UTC days, from the per-day rollup the message trigger keeps.
// Owners' previews are not in the rollup.
export async function usageByModel(db: Database, days: number) {
  const result = await db.execute<UsageRow>(sql`
    select ab.value as answerer, sum(ab.total)::int as calls,
      sum(ab.prompt_tokens)::float8 as prompt_tokens,
      sum(ab.completion_tokens)::float8 as completion_tokens
    from analytics_breakdowns ab
    join chatbots b on b.id = ab.bot_id and not b.is_demo
    where ab.dimension = 'answerer' and position(':' in ab.value) > 0
      and ab.date > (now() at time zone 'UTC')::date - ${days}::int
    group by ab.value
    order by sum(ab.total) desc, ab.value
  `);
  return result.rows;
}

type MonthCount = { month: string; count: number };

// Per calendar month (UTC) over the last `months` months, the current one included, and the totals.
export async function growth(db: Database, months: number) {
  const since = sql`date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months - 1}::int)`;
  const sinceInstant = sql`(${since}) at time zone 'UTC'`;
  const monthOf = (column: ReturnType<typeof sql>) =>
    sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;
  const [users, bots, conversations, totals] = await Promise.all([
    db.execute<MonthCount>(sql`
      select ${monthOf(sql`created_at`)} as month, count(*)::int as count from users
      where role = 'user' and created_at >= ${sinceInstant} group by 1`),
    db.execute<MonthCount>(sql`
      select ${monthOf(sql`created_at`)} as month, count(*)::int as count from chatbots
      where not is_demo and created_at >= ${sinceInstant} group by 1`),
    db.execute<MonthCount>(sql`
      select ${monthOf(sql`c.started_at`)} as month, count(*)::int as count from conversations c
      where c.started_at >= ${sinceInstant}
        and not exists (select 1 from chatbots b where b.id = c.bot_id and b.is_demo)
      group by 1`),
    db.execute<{ users: number; bots: number; conversations: number; first_month: string }>(sql`
      select
        (select count(*)::int from users where role = 'user') as users,
        (select count(*)::int from chatbots where not is_demo) as bots,
        (select count(*)::int from conversations c
          where not exists (select 1 from chatbots b where b.id = c.bot_id and b.is_demo))
          as conversations,
        to_char(${since}, 'YYYY-MM') as first_month`),
  ]);
  return {
    users: users.rows,
    bots: bots.rows,
    conversations: conversations.rows,
    totals: totals.rows[0]!,
  };
}
