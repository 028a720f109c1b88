import {
  type AnalyticsReport,
  type BotSummary,
  type ChatResponse,
  type DashboardOverview,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import { BrowserClient } from './support/browser-client';
import { createApiKey, createBot } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { codeFrom, startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let neighbour: BrowserClient;
let demoBot: BotSummary;
const day = 24 * 3_600_000;

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DEMO_DATA: 'true' } });
  owner = await signUpCustomer(context, sink, 'owner@demo.test', '10.13.0.1');
  neighbour = await signUpCustomer(context, sink, 'neighbour@demo.test', '10.13.0.2');
});

afterAll(async () => {
  await context.close();
  await sink.close();
});

async function rows<T>(query: ReturnType<typeof sql>) {
  return (await context.database.db.execute(query)).rows as T[];
}

async function count(table: string, botId: string) {
  const [row] = await rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where bot_id = ${botId}`,
  );
  return row!.n;
}

async function bots(client = owner) {
  const response = await client.get('/api/bots');
  expect(response.statusCode).toBe(200);
  return response.json<BotSummary[]>();
}

async function overview(client = owner) {
  const response = await client.get('/api/dashboard/overview?timeZone=UTC');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardOverview>();
}

async function analytics(botId?: string) {
  const query = new URLSearchParams({ range: '30d', timeZone: 'UTC', ...(botId ? { botId } : {}) });
  const response = await owner.get(`/api/analytics?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReport>();
}

async function userRow(email: string) {
  const [row] = await rows<{ id: string; demo_seeded_at: Date | null }>(
    sql`select id, demo_seeded_at from users where email = ${email}`,
  );
  return row!;
}

describe('demo data of a new account', () => {
  test('when a customer verifies their address, then they get one demo chatbot with 30 days of finished sample conversations and leads', async () => {
    const list = await bots();
    expect(list).toHaveLength(1);
    demoBot = list[0]!;
    expect(demoBot).toMatchObject({ isDemo: true, name: 'Demo: Harbor Coffee assistant' });
    expect(demoBot.description).toContain('Sample data');
    expect((await userRow('owner@demo.test')).demo_seeded_at).not.toBeNull();

    const [conversations] = await rows<{
      total: number;
      open: number;
      first: Date;
      last: Date;
      languages: string[];
      channels: string[];
    }>(sql`
      select count(*)::int as total, count(*) filter (where ended_at is null)::int as open,
        min(started_at) as first, max(last_message_at) as last,
        array_agg(distinct language order by language) as languages,
        array_agg(distinct channel) as channels
      from conversations where bot_id = ${demoBot.id}`);
    expect(conversations!.total).toBeGreaterThanOrEqual(150);
    expect(conversations!.total).toBeLessThanOrEqual(300);
    expect(conversations!.open).toBe(0);
    expect(conversations!.languages).toEqual(['de', 'en', 'es', 'fr']);
    expect(conversations!.channels).toEqual(['widget']);
    const now = Date.now();
    expect(now - new Date(conversations!.first).getTime()).toBeGreaterThan(28 * day);
    expect(now - new Date(conversations!.first).getTime()).toBeLessThan(30 * day);
    expect(new Date(conversations!.last).getTime()).toBeLessThan(now);
    expect(now - new Date(conversations!.last).getTime()).toBeLessThan(2 * day);

    const [perConversation] = await rows<{ fewest: number; most: number }>(sql`
      select min(n)::int as fewest, max(n)::int as most from (
        select count(m.id) as n from conversations c join messages m on m.conversation_id = c.id
        where c.bot_id = ${demoBot.id} group by c.id) as counted`);
    expect(perConversation!.fewest).toBeGreaterThanOrEqual(2);
    expect(perConversation!.most).toBeLessThanOrEqual(6);

    const leads = await rows<{ email: string; conversation_id: string | null }>(
      sql`select email, conversation_id from leads where bot_id = ${demoBot.id}`,
    );
    expect(leads.length).toBeGreaterThanOrEqual(conversations!.total * 0.05);
    expect(leads.length).toBeLessThanOrEqual(conversations!.total * 0.2);
    for (const lead of leads) {
      expect(lead.email).toMatch(/^[a-z0-9.]+@example\.com$/);
      expect(lead.conversation_id).not.toBeNull();
    }
    // Seeded leads are stored, not captured: no webhook ever hears of them.
    expect(await count('webhook_deliveries', demoBot.id)).toBe(0);
  });

  test('when the analytics page asks for 30 days, then the demo fills every figure', async () => {
    const report = await analytics(demoBot.id);
    const conversations = await count('conversations', demoBot.id);
    const leads = await count('leads', demoBot.id);
    expect(report.totals).toMatchObject({ conversations, leads });
    expect(report.totals.messages).toBeGreaterThan(conversations * 2 - 1);
    expect(report.totals.answered).toBeGreaterThan(0);
    expect(report.totals.unanswered).toBeGreaterThan(0);
    expect(report.totals.thumbsUp).toBeGreaterThan(0);
    expect(report.totals.thumbsDown).toBeGreaterThan(0);
    expect(report.totals.averageResponseSeconds).toBeGreaterThan(0);
    expect(report.funnel.firstMessage).toBe(conversations);
    expect(report.funnel.loaded).toBeGreaterThan(report.funnel.opened);
    expect(report.funnel.opened).toBeGreaterThanOrEqual(report.funnel.firstMessage);
    expect(report.funnel.lead).toBe(leads);
    expect(report.daily.filter((entry) => entry.conversations > 0).length).toBeGreaterThan(25);
    expect(report.languages.map((entry) => entry.language).sort()).toEqual([
      'de',
      'en',
      'es',
      'fr',
    ]);
    expect(report.pages.length).toBeGreaterThan(3);
    expect(report.pages.every((page) => page.page.startsWith('https://harborcoffee.example/')));
    expect(report.topQuestions.length).toBeGreaterThan(5);
    expect(report.unansweredQuestions.length).toBeGreaterThan(0);
    expect(report.feedback.length).toBeGreaterThan(0);
    expect(report.heatmap.length).toBeGreaterThan(20);
    expect((await analytics()).totals.conversations).toBe(conversations);
  });

  test('when the dashboard home loads, then it offers to clear the demo and nobody is chatting', async () => {
    const figures = await overview();
    expect(figures.hasDemoData).toBe(true);
    expect(figures.activeChats).toBe(0);
    expect(figures.activeUsers).toBe(0);
    expect(figures.totalChats).toBe(await count('conversations', demoBot.id));
    expect(figures.successfulLeads).toBe(await count('leads', demoBot.id));
    expect(figures.activity.some((entry) => entry.kind === 'lead_captured')).toBe(true);
  });

  test('when a page embeds the demo bot or a server calls it with an API key, then it is refused like a disabled bot', async () => {
    const site = 'https://harborcoffee.example';
    const config = await context.app.inject({
      method: 'GET',
      url: `/v1/widget/bots/${demoBot.id}/config`,
      headers: { origin: site },
    });
    expect(config.statusCode).toBe(403);
    expect(config.json().error).toMatchObject({
      code: 'bot_disabled',
      message: 'This chat is not available right now.',
    });
    const session = await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${demoBot.id}/sessions`,
      headers: { origin: site },
      payload: {},
    });
    expect(session.statusCode).toBe(403);
    expect(session.json().error.code).toBe('bot_disabled');
    const preflight = await context.app.inject({
      method: 'OPTIONS',
      url: `/v1/widget/bots/${demoBot.id}/sessions`,
      headers: { origin: site, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const key = await createApiKey(owner);
    const chat = await context.app.inject({
      method: 'POST',
      url: '/v1/chat',
      headers: { authorization: `Bearer ${key.secret}` },
      payload: { botId: demoBot.id, message: 'How long does shipping take?' },
    });
    expect(chat.statusCode).toBe(403);
    expect(chat.json().error.message).toBe('This chatbot is disabled.');
    const webhookTest = await owner.post(`/api/bots/${demoBot.id}/webhook/test`);
    expect(webhookTest.statusCode).toBe(400);
    expect(webhookTest.json().error.message).toBe('The demo chatbot never sends webhooks.');
    expect(await count('conversations', demoBot.id)).toBe((await overview()).totalChats);
  });

  test('when someone signs up and does not verify, then their account gets no demo', async () => {
    const browser = new BrowserClient(context.app, '10.13.0.3');
    const signUp = await browser.post('/api/auth/sign-up/email', {
      name: 'Not Yet',
      email: 'unverified@demo.test',
      password: 'customer password 1',
    });
    expect(signUp.statusCode).toBe(200);
    const user = await userRow('unverified@demo.test');
    expect(user.demo_seeded_at).toBeNull();
    const [owned] = await rows<{ n: number }>(
      sql`select count(*)::int as n from chatbots where user_id = ${user.id}`,
    );
    expect(owned!.n).toBe(0);
  });

  test("when another account clears its demo data, then this account's demo is untouched", async () => {
    const theirs = (await bots(neighbour))[0]!;
    expect(theirs.isDemo).toBe(true);
    const before = await count('conversations', demoBot.id);
    expect((await neighbour.delete('/api/dashboard/demo-data')).statusCode).toBe(204);
    expect(await bots(neighbour)).toEqual([]);
    expect(await count('conversations', theirs.id)).toBe(0);
    expect(await count('conversations', demoBot.id)).toBe(before);
    expect((await overview()).hasDemoData).toBe(true);
  });

  test("when the owner clears the demo data, then every demo row is gone and their own chatbot's rows stay", async () => {
    const own = await createBot(owner, { name: 'My shop bot', goal: 'support' });
    const key = await createApiKey(owner, 'Own bot key');
    const asked = await context.app.inject({
      method: 'POST',
      url: '/v1/chat',
      headers: { authorization: `Bearer ${key.secret}` },
      payload: { botId: own.id, message: 'Do you deliver on Saturdays?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const conversationId = asked.json<ChatResponse>().conversationId;
    const demoConversations = await rows<{ id: string }>(
      sql`select id from conversations where bot_id = ${demoBot.id}`,
    );

    const cleared = await owner.delete('/api/dashboard/demo-data');
    expect(cleared.statusCode).toBe(204);
    expect(cleared.body).toBe('');

    for (const table of [
      'conversations',
      'leads',
      'analytics',
      'analytics_breakdowns',
      'analytics_questions',
      'chatbots',
    ]) {
      const column = table === 'chatbots' ? 'id' : 'bot_id';
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${demoBot.id}`,
      );
      expect(row!.n, table).toBe(0);
    }
    const ids = demoConversations.map((row) => row.id);
    const [orphans] = await rows<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id::text in ${ids}`,
    );
    expect(orphans!.n).toBe(0);

    expect((await bots()).map((bot) => bot.id)).toEqual([own.id]);
    expect(await count('conversations', own.id)).toBe(1);
    const [ownMessages] = await rows<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`,
    );
    expect(ownMessages!.n).toBe(2);
    const figures = await overview();
    expect(figures.hasDemoData).toBe(false);
    // Only the own bot's conversation is left to count.
    expect(figures.totalChats).toBe(1);
    expect(figures.successfulLeads).toBe(0);
    expect((await analytics()).totals).toMatchObject({ conversations: 1, leads: 0 });

    // Clearing again finds nothing and is still a success.
    expect((await owner.delete('/api/dashboard/demo-data')).statusCode).toBe(204);
    expect((await bots()).map((bot) => bot.id)).toEqual([own.id]);
  });

  test('when the account is updated or verified again later, then the demo does not come back', async () => {
    const renamed = await owner.post('/api/auth/update-user', { name: 'Owen Owner' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await context.database.db.execute(
      sql`update users set email_verified = false where email = 'neighbour@demo.test'`,
    );
    const resend = await new BrowserClient(context.app, '10.13.0.2').post(
      '/api/auth/email-otp/send-verification-otp',
      { email: 'neighbour@demo.test', type: 'email-verification' },
    );
    expect(resend.statusCode, resend.body).toBe(200);
    const verified = await new BrowserClient(context.app, '10.13.0.2').post(
      '/api/auth/email-otp/verify-email',
      {
        email: 'neighbour@demo.test',
        otp: codeFrom(await sink.waitForMail('neighbour@demo.test', 2)),
      },
    );
    expect(verified.statusCode, verified.body).toBe(200);

    expect((await bots()).some((bot) => bot.isDemo)).toBe(false);
    expect(await bots(neighbour)).toEqual([]);
    expect((await overview(neighbour)).hasDemoData).toBe(false);
  });

  test('when the caller is signed out or on another site, then clearing is refused', async () => {
    const anonymous = await context.app.inject({
      method: 'DELETE',
      url: '/api/dashboard/demo-data',
      headers: { host: 'localhost', origin: 'http://localhost' },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await owner.request('DELETE', '/api/dashboard/demo-data', undefined, {
      origin: 'https://evil.test',
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
