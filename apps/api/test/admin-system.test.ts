import type {
  AdminApiUsage,
  AdminGrowth,
  AdminSystemFigures,
  Bot,
  KnowledgeSource,
  TrainingJobPage,
} from '@askwell/shared';
import { cancelledByStaffReason } from '@askwell/shared';
import { and, eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminLogs, conversations, knowledgeSources, messages } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { addTextDocument, createBot, settled } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { connectRealtime } from './support/realtime-client';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let ownerId: string;
let bot: Bot;
const staff = new Map<'super_admin' | 'sales_manager' | 'support_team', BrowserClient>();

beforeAll(async () => {
  sink = await startSmtpSink();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-admin-system-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir, INGEST_CONCURRENCY: '1' },
  });
  for (const [index, role] of (
    ['super_admin', 'sales_manager', 'support_team'] as const
  ).entries()) {
    const { browser } = await signInStaff(context, {
      role,
      email: `${role}@askwell.test`,
      password: 'staff password 123',
      ip: `10.41.0.${index + 1}`,
    });
    staff.set(role, browser);
  }
  owner = await signUpCustomer(context, sink, 'pat@wombat-tours.test', '10.41.0.9');
  const found = await context.database.db.execute<{ id: string }>(
    sql`select id from users where email = 'pat@wombat-tours.test'`,
  );
  ownerId = found.rows[0]!.id;
  bot = await createBot(owner, { name: 'Wombat Tours Guide' });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

const admin = () => staff.get('super_admin')!;

async function system(browser = admin()) {
  const response = await browser.get('/api/admin/overview/system');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSystemFigures>();
}

async function jobs(query: Record<string, string> = {}, browser = admin()) {
  const response = await browser.get(`/api/admin/jobs?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TrainingJobPage>();
}

async function auditActions(targetId: string) {
  const rows = await context.database.db
    .select({ action: adminLogs.action, details: adminLogs.details })
    .from(adminLogs)
    .where(eq(adminLogs.targetId, targetId));
  return rows;
}

// Enough text to keep the pipeline busy for a moment.
function longText() {
  const lines: string[] = [];
  for (let line = 0; line < 60_000; line += 1) {
    lines.push(`Line ${line} of the tour notes mentions stop ${(line * 7919) % 10_007} once.`);
  }
  return lines.join('\n');
}

describe('System Analytics', () => {
  test('when staff make API requests, then the request count of this instance grows by them and a mean response time is given', async () => {
    const before = await system();
    for (let call = 0; call < 7; call += 1) {
      expect((await admin().get('/api/admin/overview')).statusCode).toBe(200);
    }
    const after = await system();
    // The seven calls and the first figures request itself.
    expect(after.api_requests_24h).toBe(before.api_requests_24h + 8);
    expect(after.average_response_ms_1h).not.toBeNull();
    expect(after.memory.total_bytes).toBeGreaterThan(after.memory.used_bytes);
    expect(after.storage?.total_bytes).toBeGreaterThan(0);
    expect(after.cpu_count).toBeGreaterThan(0);
  });

  test('when a customer has the app open, then they count as an active user until the tab closes', async () => {
    const before = await system();
    const socket = await connectRealtime(context.app, owner.cookieHeader());
    try {
      const open = await system();
      expect(open.active_users).toEqual({
        count: before.active_users.count + 1,
        scope: 'this_instance',
      });
    } finally {
      socket.disconnect();
    }
  });

  test("when a bot's knowledge is searched, then its index counts among this instance's warm search indexes, within their budget", async () => {
    const before = await system();
    const searched = await createBot(owner, { name: 'Wombat Night Walks' });
    const source = await addTextDocument(
      owner,
      searched.id,
      'Night walks.txt',
      'Night walks with the wombats start at eight from the visitor centre and last two hours.',
    );
    await settled(owner, source.id);
    const search = await owner.get(`/api/bots/${searched.id}/search?q=night+walks`);
    expect(search.statusCode, search.body).toBe(200);
    const after = await system();
    expect(after.search_indexes.bots).toBe(before.search_indexes.bots + 1);
    expect(after.search_indexes.used_bytes).toBeGreaterThan(before.search_indexes.used_bytes);
    expect(after.search_indexes.budget_bytes).toBe(1024 ** 3);
    expect(after.search_indexes.used_bytes).toBeLessThan(after.search_indexes.budget_bytes);
    // The word tables every bot shares: holding this bot's words, and bounded well under the budget.
    expect(after.search_indexes.shared_bytes).toBeGreaterThan(0);
    expect(after.search_indexes.shared_bytes).toBeLessThan(after.search_indexes.shared_limit_bytes);
    expect(after.search_indexes.shared_limit_bytes).toBeLessThan(200 * 1024 ** 2);
    // The analytics below count this file's one bot.
    expect((await owner.delete(`/api/bots/${searched.id}`)).statusCode).toBe(204);
  });
});

describe('API Usage', () => {
  test('when answers were written by models, then calls, tokens and an estimated cost are given per provider, and an unpriced model has no cost', async () => {
    const db = context.database.db;
    const [conversation] = await db
      .insert(conversations)
      .values({ botId: bot.id, userId: ownerId, sessionId: 'usage-1', channel: 'widget' })
      .returning();
    const answer = (answerer: string, promptTokens: number, completionTokens: number) => ({
      conversationId: conversation!.id,
      role: 'assistant' as const,
      content: 'An answer.',
      answerer,
      promptTokens,
      completionTokens,
    });
    await db
      .insert(messages)
      .values([
        answer('openai:gpt-4o-mini', 1_000, 500),
        answer('openai:gpt-4o-mini', 3_000, 1_500),
        answer('custom:llama-local', 200, 100),
        answer('builtin', 0, 0),
      ]);

    const response = await staff.get('support_team')!.get('/api/admin/overview/api-usage');
    expect(response.statusCode, response.body).toBe(200);
    const usage = response.json<AdminApiUsage>();
    expect(usage.days).toBe(30);
    expect(usage.providers).toEqual([
      {
        provider: 'openai',
        calls: 2,
        prompt_tokens: 4_000,
        completion_tokens: 2_000,
        // 4,000 × $0.15 + 2,000 × $0.60 per million tokens.
        estimated_cost_usd: 0.0018,
        unpriced_calls: 0,
        models: [
          {
            model: 'gpt-4o-mini',
            calls: 2,
            prompt_tokens: 4_000,
            completion_tokens: 2_000,
            estimated_cost_usd: 0.0018,
          },
        ],
      },
      {
        provider: 'custom',
        calls: 1,
        prompt_tokens: 200,
        completion_tokens: 100,
        estimated_cost_usd: null,
        unpriced_calls: 1,
        models: [
          {
            model: 'llama-local',
            calls: 1,
            prompt_tokens: 200,
            completion_tokens: 100,
            estimated_cost_usd: null,
          },
        ],
      },
    ]);
  });
});

describe('Training Jobs', () => {
  test('when a document failed, then staff see it with its error, and Retry runs it through the pipeline until it completes, audited', async () => {
    const source = await addTextDocument(
      owner,
      bot.id,
      'Tours.txt',
      'Every wombat tour leaves at nine from the river gate.',
    );
    // A failure retrying can fix: its worker died after its attempts were used up.
    await context.database.db
      .update(knowledgeSources)
      .set({ status: 'failed', stage: 'failed', errorMessage: 'the reader stopped unexpectedly' })
      .where(eq(knowledgeSources.id, source.id));

    const failed = await jobs({ status: 'failed' });
    expect(failed.counts.failed).toBe(1);
    expect(failed.jobs).toEqual([
      expect.objectContaining({
        id: source.id,
        name: 'Tours.txt',
        status: 'failed',
        error: 'the reader stopped unexpectedly',
        bot: { id: bot.id, name: 'Wombat Tours Guide' },
        owner: { id: ownerId, email: 'pat@wombat-tours.test' },
      }),
    ]);

    const retry = await staff.get('support_team')!.post(`/api/admin/jobs/${source.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await settled(owner, source.id)).status).toBe('completed');
    expect((await jobs({ status: 'failed' })).jobs).toEqual([]);
    expect(await auditActions(source.id)).toEqual([
      {
        action: 'job.retry',
        details: expect.objectContaining({
          message: 'Retried “Tours.txt” of chatbot “Wombat Tours Guide” (pat@wombat-tours.test)',
          previous_error: 'the reader stopped unexpectedly',
        }),
      },
    ]);

    const again = await admin().post(`/api/admin/jobs/${source.id}/retry`);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'Only a failed job can be retried. Reload the list.',
    );
  });

  test('when staff cancel a processing job, then its source fails with the reason, no job is left open and it never completes', async () => {
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'Long notes.txt',
      new TextEncoder().encode(longText()),
      'text/plain',
    );
    expect(upload.statusCode).toBe(201);
    const sourceId = upload.json<KnowledgeSource>().id;
    const processing = await jobs({ status: 'processing' });
    expect(processing.jobs.map((job) => job.id)).toContain(sourceId);

    const cancel = await admin().post(`/api/admin/jobs/${sourceId}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ status: 'failed' });

    // The queue forgets the job at once; a worker that had it running stops at its next step.
    const open = await context.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from pgboss.job
      where name = 'knowledge-ingest' and data->>'sourceId' = ${sourceId}
        and state in ('created', 'retry', 'active')`);
    expect(open.rows[0]!.count).toBe(0);
    await waitForUnlocked(sourceId);
    const [row] = await context.database.db
      .select()
      .from(knowledgeSources)
      .where(eq(knowledgeSources.id, sourceId));
    expect(row).toMatchObject({ status: 'failed', errorMessage: cancelledByStaffReason });
    const listed = (await jobs({ status: 'failed' })).jobs.find((job) => job.id === sourceId);
    expect(listed?.error).toBe(cancelledByStaffReason);
    const customerView = (await owner.get('/api/sources'))
      .json<KnowledgeSource[]>()
      .find((source) => source.id === sourceId);
    expect(customerView?.status).toBe('failed');
    expect(customerView?.error).toContain(cancelledByStaffReason);
    expect((await auditActions(sourceId)).map((entry) => entry.action)).toEqual(['job.cancel']);

    const twice = await admin().post(`/api/admin/jobs/${sourceId}/cancel`);
    expect(twice.statusCode).toBe(400);
  });

  test('when a job id is unknown or malformed, then staff are told it is not found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await admin().post(`/api/admin/jobs/${id}/retry`);
      expect(response.statusCode).toBe(404);
    }
  });
});

// The ingest worker holds the source's advisory lock while it reads; once it is free, the job
// has ended, whatever it was doing when it was cancelled.
async function waitForUnlocked(sourceId: string) {
  for (;;) {
    const held = await context.database.db.execute<{ held: boolean }>(sql`
      select exists (
        select 1 from pg_locks
        where locktype = 'advisory' and classid = 7318211 and objid = hashtext(${sourceId})::oid
      ) as held`);
    if (!held.rows[0]!.held) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Growth', () => {
  test('when analytics are read, then the totals and the months come from the rows, the current month last', async () => {
    const response = await staff.get('sales_manager')!.get('/api/admin/analytics/growth');
    expect(response.statusCode, response.body).toBe(200);
    const growth = response.json<AdminGrowth>();
    const counted = await context.database.db.execute<{
      users: number;
      bots: number;
      conversations: number;
    }>(sql`select
      (select count(*)::int from users where role = 'user') as users,
      (select count(*)::int from chatbots where not is_demo) as bots,
      (select count(*)::int from conversations) as conversations`);
    expect(growth.totals).toEqual(counted.rows[0]);
    expect(growth.months).toHaveLength(12);
    expect(growth.months.at(-1)!.month).toBe(new Date().toISOString().slice(0, 7));
    expect(growth.this_month).toEqual({ users: 1, bots: 1, conversations: 1 });
    expect(growth.months.slice(0, -1).every((month) => month.users === 0)).toBe(true);

    // A second bot this month shows at once.
    await createBot(owner, { name: 'Second guide' });
    const later = (await admin().get('/api/admin/analytics/growth')).json<AdminGrowth>();
    expect(later.this_month.bots).toBe(2);
  });
});

describe('access', () => {
  test('when support staff open analytics, or a customer opens any of these, then they are refused', async () => {
    expect((await staff.get('support_team')!.get('/api/admin/analytics/growth')).statusCode).toBe(
      403,
    );
    expect((await staff.get('support_team')!.get('/api/admin/jobs')).statusCode).toBe(200);
    for (const url of [
      '/api/admin/overview/system',
      '/api/admin/overview/api-usage',
      '/api/admin/jobs',
      '/api/admin/analytics/growth',
    ]) {
      expect((await owner.get(url)).statusCode, url).toBe(403);
    }
    const refused = await owner.post(`/api/admin/jobs/${bot.id}/cancel`);
    expect(refused.statusCode).toBe(403);
    const rows = await context.database.db
      .select()
      .from(adminLogs)
      .where(and(eq(adminLogs.action, 'job.cancel'), eq(adminLogs.targetId, bot.id)));
    expect(rows).toEqual([]);
  });
});
