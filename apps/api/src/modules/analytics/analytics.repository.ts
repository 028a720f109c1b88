import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { analytics, analyticsBreakdowns, analyticsQuestions } from '../../db/schema';

// The analytics page reads the rollups of migration 0014. Hourly rows are summed into the
// caller's days and hours; the per-day breakdowns and questions are kept per UTC day.

export type Scope = {
  userId: string;
  botId: string | null;
  timeZone: string;
  // Calendar days in the caller's time zone, inclusive.
  from: string;
  to: string;
};

export type TotalsRow = {
  conversations: number;
  widget_conversations: number;
  messages: number;
  leads: number;
  answered: number;
  unanswered: number;
  responses: number;
  response_ms_total: number;
  thumbs_up: number;
  thumbs_down: number;
  widget_loads: number;
  widget_opens: number;
};

function hourScope(scope: Scope): SQL {
  const bot = scope.botId ? sql`and bot_id = ${scope.botId}` : sql``;
  return sql`user_id = ${scope.userId} ${bot}
    and hour >= (${scope.from}::date::timestamp at time zone ${scope.timeZone})
    and hour < ((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})`;
}

function dayScope(scope: Scope, alias = ''): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const bot = scope.botId ? sql`and ${column('bot_id')} = ${scope.botId}` : sql``;
  return sql`${column('user_id')} = ${scope.userId} ${bot}
    and ${column('date')} between ${scope.from}::date and ${scope.to}::date`;
}

export async function totals(db: Database, scope: Scope): Promise<TotalsRow> {
  const result = await db.execute<TotalsRow>(sql`
    select
      coalesce(sum(total_conversations), 0)::int as conversations,
      coalesce(sum(widget_conversations), 0)::int as widget_conversations,
      coalesce(sum(total_messages), 0)::int as messages,
      coalesce(sum(total_leads_captured), 0)::int as leads,
      coalesce(sum(answered), 0)::int as answered,
      coalesce(sum(unanswered), 0)::int as unanswered,
      coalesce(sum(responses), 0)::int as responses,
      coalesce(sum(response_ms_total), 0)::float8 as response_ms_total,
      coalesce(sum(thumbs_up), 0)::int as thumbs_up,
      coalesce(sum(thumbs_down), 0)::int as thumbs_down,
      coalesce(sum(widget_loads), 0)::int as widget_loads,
      coalesce(sum(widget_opens), 0)::int as widget_opens
    from analytics where ${hourScope(scope)}
  `);
  return result.rows[0]!;
}

export async function daily(db: Database, scope: Scope) {
  const result = await db.execute<{
    date: string;
    conversations: number;
    messages: number;
    leads: number;
  }>(sql`
    select to_char((hour at time zone ${scope.timeZone})::date, 'YYYY-MM-DD') as date,
      sum(total_conversations)::int as conversations,
      sum(total_messages)::int as messages,
      sum(total_leads_captured)::int as leads
    from analytics where ${hourScope(scope)}
    group by 1 order by 1
  `);
  return result.rows;
}

export async function heatmap(db: Database, scope: Scope) {
  const result = await db.execute<{ weekday: number; hour: number; messages: number }>(sql`
    select extract(dow from hour at time zone ${scope.timeZone})::int as weekday,
      extract(hour from hour at time zone ${scope.timeZone})::int as hour,
      sum(total_messages)::int as messages
    from analytics where ${hourScope(scope)}
    group by 1, 2 having sum(total_messages) > 0 order by 1, 2
  `);
  return result.rows;
}

export type BreakdownRow = {
  value: string;
  total: number;
  loads: number;
  leads: number;
  prompt_tokens: number;
  completion_tokens: number;
};

export async function breakdown(
  db: Database,
  scope: Scope,
  dimension: 'language' | 'page' | 'source' | 'answerer',
  limit: number,
) {
  const result = await db.execute<BreakdownRow>(sql`
    select value, sum(total)::int as total, sum(loads)::int as loads, sum(leads)::int as leads,
      sum(prompt_tokens)::float8 as prompt_tokens,
      sum(completion_tokens)::float8 as completion_tokens
    from analytics_breakdowns
    where ${dayScope(scope)} and dimension = ${dimension}
    group by value
    order by sum(total) + sum(loads) desc, value
    limit ${limit}
  `);
  return result.rows;
}

export type QuestionRow = {
  key: string;
  bot_id: string;
  bot_name: string;
  question: string;
  asked: number;
  unanswered: number;
  last_asked_at: Date;
};

// The wording shown is the latest a visitor used for that meaning.
const questionColumns = sql`
  q.question_key as key, q.bot_id, b.name as bot_name,
  (array_agg(q.question order by q.last_asked_at desc))[1] as question,
  sum(q.asked)::int as asked, sum(q.unanswered)::int as unanswered,
  max(q.last_asked_at) as last_asked_at`;

export async function topQuestions(db: Database, scope: Scope, limit: number) {
  const result = await db.execute<QuestionRow>(sql`
    select ${questionColumns}
    from analytics_questions q join chatbots b on b.id = q.bot_id
    where ${dayScope(scope, 'q')}
    group by q.question_key, q.bot_id, b.name
    order by sum(q.asked) desc, max(q.last_asked_at) desc
    limit ${limit}
  `);
  return result.rows;
}

// A question the owner answered leaves the list until a visitor again gets no answer to it.
export async function unansweredQuestions(db: Database, scope: Scope, limit: number) {
  const result = await db.execute<QuestionRow>(sql`
    select ${questionColumns}
    from analytics_questions q join chatbots b on b.id = q.bot_id
    left join analytics_answered_questions a
      on a.bot_id = q.bot_id and a.question_key = q.question_key
    where ${dayScope(scope, 'q')} and q.unanswered > 0
    group by q.question_key, q.bot_id, b.name
    having max(q.last_unanswered_at) > coalesce(max(a.answered_at), '-infinity')
    order by sum(q.unanswered) desc, max(q.last_unanswered_at) desc
    limit ${limit}
  `);
  return result.rows;
}

export async function recentFeedback(db: Database, scope: Scope, limit: number) {
  const bot = scope.botId ? sql`and c.bot_id = ${scope.botId}` : sql``;
  const result = await db.execute<{
    id: string;
    feedback: 'up' | 'down';
    feedback_comment: string | null;
    content: string;
    created_at: Date;
  }>(sql`
    select m.id, m.feedback, m.feedback_comment, left(m.content, 300) as content, m.created_at
    from messages m join conversations c on c.id = m.conversation_id
    where m.feedback is not null and c.user_id = ${scope.userId} ${bot}
      and m.created_at >= (${scope.from}::date::timestamp at time zone ${scope.timeZone})
      and m.created_at < ((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})
    order by m.created_at desc
    limit ${limit}
  `);
  return result.rows;
}

export type QuestionRecord = {
  botId: string;
  userId: string;
  key: string;
  question: string;
  answered: boolean;
};

// A visitor's privacy request: a question kept in their words goes, with its counts.
export async function deleteQuestionsWorded(db: Database, botId: string, wordings: string[]) {
  if (wordings.length === 0) return;
  await db
    .delete(analyticsQuestions)
    .where(
      and(eq(analyticsQuestions.botId, botId), inArray(analyticsQuestions.question, wordings)),
    );
}

export async function recordQuestion(db: Database, record: QuestionRecord) {
  await db.execute(sql`
    insert into analytics_questions
      (bot_id, user_id, date, question_key, question, asked, unanswered, last_asked_at,
       last_unanswered_at)
    values (${record.botId}, ${record.userId}, (now() at time zone 'UTC')::date, ${record.key},
      ${record.question}, 1, ${record.answered ? 0 : 1}, now(),
      ${record.answered ? null : sql`now()`})
    on conflict (bot_id, date, question_key) do update set
      question = excluded.question,
      asked = analytics_questions.asked + 1,
      unanswered = analytics_questions.unanswered + excluded.unanswered,
      last_asked_at = now(),
      last_unanswered_at = coalesce(excluded.last_unanswered_at,
        analytics_questions.last_unanswered_at)
  `);
}

export async function markAnswered(
  db: Database,
  input: { botId: string; key: string; sourceId: string },
) {
  await db.execute(sql`
    insert into analytics_answered_questions (bot_id, question_key, source_id, answered_at)
    values (${input.botId}, ${input.key}, ${input.sourceId}, now())
    on conflict (bot_id, question_key) do update set
      source_id = excluded.source_id, answered_at = now()
  `);
}

export type WidgetEventRecord = {
  botId: string;
  userId: string;
  type: 'loaded' | 'opened';
  page: string | null;
};

export async function recordWidgetEvent(db: Database, event: WidgetEventRecord) {
  const loads = event.type === 'loaded' ? 1 : 0;
  const opens = event.type === 'opened' ? 1 : 0;
  await db.execute(sql`
    insert into analytics (bot_id, user_id, hour, widget_loads, widget_opens)
    values (${event.botId}, ${event.userId}, date_trunc('hour', now(), 'UTC'), ${loads}, ${opens})
    on conflict (bot_id, hour) do update set
      widget_loads = analytics.widget_loads + excluded.widget_loads,
      widget_opens = analytics.widget_opens + excluded.widget_opens
  `);
  if (event.page && loads) {
    await db.execute(sql`
      insert into analytics_breakdowns (bot_id, user_id, date, dimension, value, loads)
      values (${event.botId}, ${event.userId}, (now() at time zone 'UTC')::date, 'page',
        analytics_page(${event.page}), 1)
      on conflict (bot_id, date, dimension, value) do update set
        loads = analytics_breakdowns.loads + 1
    `);
  }
}

export type ImportedQuestion = typeof analyticsQuestions.$inferInsert;
export type ImportedWidgetHour = {
  botId: string;
  userId: string;
  hour: Date;
  loads: number;
  opens: number;
};
export type ImportedPageLoads = {
  botId: string;
  userId: string;
  date: string;
  page: string;
  loads: number;
};

// Past questions and widget events, already summed per day and key or per hour, added to what the
// rollups hold (the conversation and message triggers may have written the same hours).
export async function importHistory(
  db: Executor,
  history: {
    questions: ImportedQuestion[];
    widgetHours: ImportedWidgetHour[];
    pageLoads: ImportedPageLoads[];
  },
) {
  if (history.questions.length > 0) {
    await db
      .insert(analyticsQuestions)
      .values(history.questions)
      .onConflictDoUpdate({
        target: [analyticsQuestions.botId, analyticsQuestions.date, analyticsQuestions.questionKey],
        set: {
          asked: sql`${analyticsQuestions.asked} + excluded.asked`,
          unanswered: sql`${analyticsQuestions.unanswered} + excluded.unanswered`,
        },
      });
  }
  if (history.widgetHours.length > 0) {
    await db
      .insert(analytics)
      .values(
        history.widgetHours.map((row) => ({
          botId: row.botId,
          userId: row.userId,
          hour: row.hour,
          widgetLoads: row.loads,
          widgetOpens: row.opens,
        })),
      )
      .onConflictDoUpdate({
        target: [analytics.botId, analytics.hour],
        set: {
          widgetLoads: sql`${analytics.widgetLoads} + excluded.widget_loads`,
          widgetOpens: sql`${analytics.widgetOpens} + excluded.widget_opens`,
        },
      });
  }
  if (history.pageLoads.length > 0) {
    await db
      .insert(analyticsBreakdowns)
      .values(
        history.pageLoads.map((row) => ({
          botId: row.botId,
          userId: row.userId,
          date: row.date,
          dimension: 'page' as const,
          value: sql`analytics_page(${row.page})`,
          loads: row.loads,
        })),
      )
      .onConflictDoUpdate({
        target: [
          analyticsBreakdowns.botId,
          analyticsBreakdowns.date,
          analyticsBreakdowns.dimension,
          analyticsBreakdowns.value,
        ],
        set: { loads: sql`${analyticsBreakdowns.loads} + excluded.loads` },
      });
  }
}

// The dashboard home's figures: every conversation so far, and today's answers (in the caller's
// time zone, to the hour) with their mean time.
export async function homeFigures(db: Database, userId: string, timeZone: string) {
  const result = await db.execute<{
    total_chats: number;
    answered_today: number;
    average_latency_ms: number | null;
  }>(sql`
    with today as (
      select date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone} as start
    )
    select coalesce(sum(total_conversations), 0)::int as total_chats,
      coalesce(sum(responses) filter (where hour >= today.start), 0)::int as answered_today,
      (sum(response_ms_total) filter (where hour >= today.start))::float8
        / nullif(sum(responses) filter (where hour >= today.start), 0) as average_latency_ms
    from analytics, today
    where user_id = ${userId}
  `);
  const row = result.rows[0]!;
  return {
    totalChats: row.total_chats,
    answeredToday: row.answered_today,
    averageLatencyMs: row.average_latency_ms,
  };
}

// Today's date in the caller's time zone, as PostgreSQL sees it.
export async function todayIn(db: Database, timeZone: string) {
  const result = await db.execute<{ today: string }>(
    sql`select to_char((now() at time zone ${timeZone})::date, 'YYYY-MM-DD') as today`,
  );
  return result.rows[0]!.today;
}
