import type { AnalyticsReport, Bot, WidgetSession } from '@askwell/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatbots } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { addTextDocument, createBot, settled } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let bot: Bot;
const shop = 'https://www.shop.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  owner = await signUpCustomer(context, sink, 'owner@analytics.test', '10.9.1.1');
  stranger = await signUpCustomer(context, sink, 'stranger@analytics.test', '10.9.1.2');
});

afterAll(async () => {
  await context.close();
  await sink.close();
});

async function report(client = owner, query = '') {
  const response = await client.get(`/api/analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReport>();
}

function widgetEvent(type: string, pageUrl?: string, origin = shop) {
  return context.app.inject({
    method: 'POST',
    url: `/v1/widget/bots/${bot.id}/events`,
    headers: { origin },
    payload: { type, ...(pageUrl ? { pageUrl } : {}) },
  });
}

async function botRow() {
  const [row] = await context.database.db.select().from(chatbots).where(eq(chatbots.id, bot.id));
  return row!;
}

async function visitorAsks(message: string, visitorId: string, channel = 'widget' as const) {
  const session = (
    await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${bot.id}/sessions`,
      headers: { origin: shop },
      payload: { visitorId },
    })
  ).json<WidgetSession>();
  return context.app.chat.reply({
    bot: await botRow(),
    message,
    channel,
    visitorId: session.visitorId,
    pageUrl: 'https://www.shop.test/pricing?utm_source=mail#plans',
    language: 'en',
  });
}

describe('the analytics report', () => {
  test('when an account is new, then every figure is zero, every day is listed and nothing is invented', async () => {
    const empty = await report();
    expect(empty.range).toBe('30d');
    expect(empty.daily).toHaveLength(30);
    expect(empty.daily.every((day) => day.conversations === 0 && day.messages === 0)).toBe(true);
    expect(empty.totals).toMatchObject({
      conversations: 0,
      messages: 0,
      leads: 0,
      conversionRate: 0,
      averageResponseSeconds: null,
      answeredRate: null,
      widgetLoads: 0,
    });
    expect(empty.funnel).toEqual({ loaded: 0, opened: 0, firstMessage: 0, lead: 0 });
    for (const list of [
      empty.pages,
      empty.sources,
      empty.feedback,
      empty.topQuestions,
      empty.unansweredQuestions,
      empty.languages,
      empty.heatmap,
      empty.models,
    ]) {
      expect(list).toEqual([]);
    }
  });

  test('when the caller is signed out, asks for a bad range or names a stranger’s bot, then it is refused', async () => {
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(anonymous.statusCode).toBe(401);
    const backwards = await owner.get('/api/analytics?range=custom&from=2026-11-20&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe(
      'The start date must be on or before the end date.',
    );
    const tooLong = await owner.get('/api/analytics?range=custom&from=2024-01-01&to=2026-01-01');
    expect(tooLong.json().error.message).toBe('Choose a range of at most 366 days.');
    expect((await owner.get('/api/analytics?range=custom&from=2026-11-01')).statusCode).toBe(400);
    expect((await owner.get('/api/analytics?range=forever')).statusCode).toBe(400);
    expect((await owner.get('/api/analytics?timeZone=Mars%2FOlympus')).statusCode).toBe(400);

    const theirs = await createBot(stranger, { name: 'Not yours' });
    expect((await owner.get(`/api/analytics?botId=${theirs.id}`)).statusCode).toBe(404);
  });

  test('when pages load and open the widget, then the funnel and the page table count them without query strings', async () => {
    bot = await createBot(owner, { name: 'Shop helper', allowedDomains: ['*.shop.test'] });
    expect((await widgetEvent('loaded', `${shop}/pricing?token=secret`)).statusCode).toBe(204);
    expect((await widgetEvent('loaded', `${shop}/pricing#faq`)).statusCode).toBe(204);
    expect((await widgetEvent('opened', `${shop}/pricing`)).statusCode).toBe(204);
    // A site the bot is not allowed on, an unknown event and a script URL count nothing.
    expect((await widgetEvent('loaded', undefined, 'https://evil.test')).statusCode).toBe(403);
    expect((await widgetEvent('clicked')).statusCode).toBe(400);
    expect((await widgetEvent('loaded', 'javascript:alert(1)')).statusCode).toBe(400);

    const figures = await report();
    expect(figures.funnel).toMatchObject({ loaded: 2, opened: 1 });
    expect(figures.pages).toEqual([
      { page: `${shop}/pricing`, loads: 2, conversations: 0, leads: 0, conversionRate: 0 },
    ]);
    expect((await report(stranger)).funnel.loaded).toBe(0);
  });

  test('when visitors chat, then conversations, messages, answers, questions, languages, sources and leads are counted from the rollups', async () => {
    await addTextDocument(
      owner,
      bot.id,
      'returns.txt',
      'Returns are free within 30 days of delivery. Refunds reach your card within five days.',
    );
    const answered = await visitorAsks('Are returns free?', 'visitor-aaaaaaaaaaaa1');
    expect(answered.answeredFromKnowledge).toBe(true);
    await visitorAsks('Do you sell gift vouchers?', 'visitor-bbbbbbbbbbbb2');
    // The same question in other words is one question asked twice.
    await visitorAsks('Selling gift vouchers?', 'visitor-cccccccccccc3');
    // The owner's own preview is not a visitor.
    await visitorAsks('Do you sell gift vouchers?', 'visitor-dddddddddddd4', 'preview' as 'widget');

    await context.app.leads.capture(
      await botRow(),
      { name: 'Rosa Buyer', email: 'rosa@example.com', consent: true },
      { conversationId: answered.conversationId },
    );
    await context.database.db.execute(
      sql`update messages set feedback = 'up', feedback_comment = 'Clear answer'
          where id = ${answered.messageId}`,
    );

    const figures = await report(owner, '?range=7d&timeZone=Europe%2FBerlin');
    expect(figures.totals).toMatchObject({
      conversations: 3,
      messages: 6,
      leads: 1,
      conversionRate: 33.3,
      averageConversationLength: 2,
      answered: 1,
      unanswered: 2,
      answeredRate: 33.3,
      thumbsUp: 1,
      thumbsDown: 0,
    });
    expect(figures.totals.averageResponseSeconds).toEqual(expect.any(Number));
    expect(figures.funnel).toEqual({ loaded: 2, opened: 1, firstMessage: 3, lead: 1 });
    expect(figures.daily).toHaveLength(7);
    expect(figures.daily.at(-1)).toMatchObject({ conversations: 3, messages: 6, leads: 1 });
    expect(figures.languages).toEqual([{ language: 'en', conversations: 3 }]);
    expect(figures.pages[0]).toMatchObject({ page: `${shop}/pricing`, conversations: 3, leads: 1 });
    expect(figures.sources).toEqual([
      { sourceId: expect.any(String), name: 'returns.txt', answers: 1 },
    ]);
    expect(figures.feedback).toEqual([
      expect.objectContaining({ rating: 'up', comment: 'Clear answer' }),
    ]);
    expect(figures.heatmap.reduce((sum, cell) => sum + cell.messages, 0)).toBe(6);
    expect(figures.models).toEqual([
      expect.objectContaining({ answerer: 'builtin', answers: 3, estimatedCostUsd: null }),
    ]);

    expect(figures.topQuestions[0]).toMatchObject({
      question: 'Selling gift vouchers?',
      asked: 2,
      unanswered: 2,
      botName: 'Shop helper',
    });
    expect(figures.unansweredQuestions).toHaveLength(1);
    expect(figures.unansweredQuestions[0]).toMatchObject({ asked: 2, unanswered: 2 });

    // The previous period had nothing, and another account sees none of it.
    expect(figures.previous.conversations).toBe(0);
    const theirs = await report(stranger);
    expect(theirs.totals.conversations).toBe(0);
    expect(theirs.unansweredQuestions).toEqual([]);
  });

  test('when the owner adds an answer to an unanswered question, then it leaves the list and the next visitor asking gets that answer', async () => {
    const [question] = (await report()).unansweredQuestions;
    const refused = await stranger.post('/api/analytics/answers', {
      botId: bot.id,
      question: question!.question,
      answer: 'Stolen answer',
    });
    expect(refused.statusCode).toBe(404);
    const empty = await owner.post('/api/analytics/answers', {
      botId: bot.id,
      question: question!.question,
      answer: '   ',
    });
    expect(empty.statusCode).toBe(400);

    // The owner may reword the question; the listed one is still the one answered.
    const added = await owner.post('/api/analytics/answers', {
      botId: bot.id,
      key: question!.key,
      question: 'Do you sell gift vouchers?',
      answer: 'Yes: gift vouchers from 20 to 200 euros are sold at every till.',
    });
    expect(added.statusCode, added.body).toBe(201);
    await settled(owner, added.json<{ sourceId: string }>().sourceId);
    expect((await report()).unansweredQuestions).toEqual([]);

    const next = await visitorAsks('Do you sell gift vouchers?', 'visitor-eeeeeeeeeeee5');
    expect(next.reply).toContain('gift vouchers from 20 to 200 euros');
    expect(next.answeredFromKnowledge).toBe(true);
    const after = await report();
    expect(after.unansweredQuestions).toEqual([]);
    expect(after.topQuestions[0]).toMatchObject({ asked: 3, unanswered: 2 });
  });

  test('when one bot is chosen, then only its figures are shown', async () => {
    const other = await createBot(owner, { name: 'Quiet bot' });
    const quiet = await report(owner, `?botId=${other.id}`);
    expect(quiet.totals.conversations).toBe(0);
    expect(quiet.topQuestions).toEqual([]);
    expect((await report(owner, `?botId=${bot.id}`)).totals.conversations).toBe(4);
  });

  test("when the owner deletes a visitor's data, then the analytics no longer show that visitor's questions in their words", async () => {
    const privateQuestion = 'Can Mrs Henderson at 12 Elm Street collect her parcel tomorrow?';
    await visitorAsks(privateQuestion, 'visitor-ffffffffffff6');
    const wordings = (figures: AnalyticsReport) =>
      [...figures.topQuestions, ...figures.unansweredQuestions].map((entry) => entry.question);
    expect(wordings(await report())).toContain(privateQuestion);

    const deleted = await owner.delete(`/api/bots/${bot.id}/visitors/visitor-ffffffffffff6`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(wordings(await report())).not.toContain(privateQuestion);
    // Other visitors' questions stay.
    expect(wordings(await report())).toContain('Do you sell gift vouchers?');
  });
});
