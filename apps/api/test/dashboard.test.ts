import {
  conversationUpdatedEventName,
  presenceChangedEventName,
  type Bot,
  type AccountSearchResults,
  type DashboardOverview,
  type KnowledgeSource,
  type WidgetSession,
} from '@askwell/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatbots } from '../src/db/schema';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { connectRealtime } from './support/realtime-client';
import { addTextDocument, createBot } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';
import { testdataFile } from './support/testdata';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let bot: Bot;
const shop = 'https://www.shop.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({ envVars: { SMTP_URL: sink.url } });
  owner = await signUpCustomer(context, sink, 'owner@dashboard.test', '10.9.0.1');
  stranger = await signUpCustomer(context, sink, 'stranger@dashboard.test', '10.9.0.2');
});

afterAll(async () => {
  await context.close();
  await sink.close();
});

async function overview(client = owner, query = '') {
  const response = await client.get(`/api/dashboard/overview${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardOverview>();
}

// A widget call from the shop's page, to this instance or, in a scale-out, to another one.
function widget(
  method: 'POST' | 'DELETE',
  url: string,
  payload?: object,
  token?: string,
  instance: TestContext = context,
) {
  return instance.app.inject({
    method,
    url,
    headers: { origin: shop, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

function beat(visitorId: string, leaving = false, origin = shop) {
  return context.app.inject({
    method: 'POST',
    url: `/v1/widget/bots/${bot.id}/presence`,
    headers: { origin },
    payload: { visitorId, leaving },
  });
}

async function botRow() {
  const [row] = await context.database.db.select().from(chatbots).where(eq(chatbots.id, bot.id));
  return row!;
}

describe('the dashboard overview', () => {
  test('when an account is new, then every figure is zero and nothing is listed', async () => {
    expect(await overview()).toEqual({
      hasDemoData: false,
      activeUsers: 0,
      activeChats: 0,
      totalChats: 0,
      successfulLeads: 0,
      conversionRate: 0,
      averageResponseSeconds: null,
      answeredToday: 0,
      alerts: [],
      activity: [],
    });
  });

  test('when nobody is signed in or the time zone is made up, then it is refused', async () => {
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/dashboard/overview' });
    expect(anonymous.statusCode).toBe(401);
    const response = await owner.get('/api/dashboard/overview?timeZone=Mars%2FOlympus');
    expect(response.statusCode).toBe(400);
  });

  test('when a chatbot is created, then the activity says so', async () => {
    bot = await createBot(owner, { name: 'Shop helper', allowedDomains: ['*.shop.test'] });
    const { activity } = await overview();
    expect(activity[0]).toMatchObject({
      kind: 'bot_created',
      message: 'Chatbot “Shop helper” created',
    });
  });

  test('when visitors open pages with the widget, then Active Users counts each once until they leave or stop beating', async () => {
    expect((await beat('visitor-aaaaaaaaaaaa1')).statusCode).toBe(204);
    expect((await beat('visitor-aaaaaaaaaaaa1')).statusCode).toBe(204);
    expect((await beat('visitor-bbbbbbbbbbbb2')).statusCode).toBe(204);
    expect((await overview()).activeUsers).toBe(2);
    // Another account's dashboard sees none of them.
    expect((await overview(stranger)).activeUsers).toBe(0);

    expect((await beat('visitor-bbbbbbbbbbbb2', true)).statusCode).toBe(204);
    expect((await overview()).activeUsers).toBe(1);

    // A beat missed by more than the 10 s timeout: the visitor is gone.
    await context.database.db.execute(
      sql`update widget_presence set last_seen_at = now() - interval '41 seconds'`,
    );
    expect((await overview()).activeUsers).toBe(0);
  });

  test('when a page the bot is not allowed on, or a malformed visitor, beats, then nothing is counted', async () => {
    const refused = await beat('visitor-cccccccccccc3', false, 'https://evil.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('origin_not_allowed');
    expect((await beat('../../etc')).statusCode).toBe(400);
    expect((await overview()).activeUsers).toBe(0);
  });

  test('when a visitor chats, then Active Chats, total chats and response time follow, and ending the chat lowers Active Chats only', async () => {
    const session = (
      await widget('POST', `/v1/widget/bots/${bot.id}/sessions`, {
        visitorId: 'visitor-dddddddddddd4',
      })
    ).json<WidgetSession>();
    const turn = await context.app.chat.reply({
      bot: await botRow(),
      message: 'Do you ship to Norway?',
      channel: 'widget',
      visitorId: session.visitorId,
      pageUrl: 'https://www.shop.test/shipping',
      language: 'en',
    });
    let figures = await overview(owner, '?timeZone=Europe%2FBerlin');
    expect(figures).toMatchObject({ activeChats: 1, totalChats: 1, answeredToday: 1 });
    expect(figures.averageResponseSeconds).toEqual(expect.any(Number));
    expect(figures.averageResponseSeconds!).toBeGreaterThanOrEqual(0);

    const ended = await widget(
      'DELETE',
      `/v1/widget/bots/${bot.id}/conversation`,
      undefined,
      session.token,
    );
    expect(ended.statusCode).toBe(204);
    figures = await overview();
    expect(figures).toMatchObject({ activeChats: 0, totalChats: 1 });

    await context.app.leads.capture(
      await botRow(),
      { name: 'Rosa Buyer', email: 'rosa@example.com', consent: true },
      { conversationId: turn.conversationId },
    );
    figures = await overview();
    expect(figures).toMatchObject({ successfulLeads: 1, conversionRate: 100 });
    expect(figures.activity[0]).toMatchObject({
      kind: 'lead_captured',
      message: 'New lead Rosa Buyer from “Shop helper”',
    });
    expect((await overview(stranger)).totalChats).toBe(0);
  });

  test('when a document fails and the widget is refused on a site, then both are alerts, newest first, linking to where to act', async () => {
    await addTextDocument(owner, bot.id, 'returns.txt', 'Returns are free within 30 days.');
    const good = await testdataFile('docs/pdf/tika-testPDF.pdf');
    const upload = await owner.upload(
      `/api/bots/${bot.id}/documents`,
      'broken.pdf',
      good.slice(0, 900),
    );
    const sourceId = upload.json<KnowledgeSource>().id;
    await expect
      .poll(
        async () =>
          (await owner.get('/api/sources')).json<KnowledgeSource[]>().find((s) => s.id === sourceId)
            ?.status,
        { timeout: 30_000 },
      )
      .toBe('failed');
    const refused = await context.app.inject({
      method: 'GET',
      url: `/v1/widget/bots/${bot.id}/config`,
      headers: { origin: 'https://copycat.test' },
    });
    expect(refused.statusCode).toBe(403);

    const { alerts, activity } = await overview();
    // The oldest is the refused beat from evil.test above.
    expect(alerts.map((alert) => alert.type)).toEqual(['warning', 'error', 'warning']);
    expect(alerts[2]!.message).toContain('https://evil.test');
    expect(alerts[0]).toMatchObject({
      message:
        'The widget of “Shop helper” was refused on https://copycat.test, which is not in its allowed domains.',
      link: `/dashboard/bots/${bot.id}`,
    });
    expect(alerts[1]!.message).toMatch(/^“broken\.pdf” failed to process for “Shop helper”: .+/);
    expect(alerts[1]!.link).toBe(`/dashboard/documents?botId=${bot.id}`);
    expect(activity.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['document_processed', 'document_failed']),
    );
    expect((await overview(stranger)).alerts).toEqual([]);
  });
});

describe('live updates', () => {
  test("when a visitor arrives or a conversation ends, then the owner's open dashboard hears it and nobody else does", async () => {
    const ownerSocket = await connectRealtime(context.app, owner.cookieHeader());
    const strangerSocket = await connectRealtime(context.app, stranger.cookieHeader());
    const heard = { owner: [] as string[], stranger: [] as string[] };
    for (const name of [presenceChangedEventName, conversationUpdatedEventName]) {
      ownerSocket.on(name, () => heard.owner.push(name));
      strangerSocket.on(name, () => heard.stranger.push(name));
    }
    try {
      expect((await beat('visitor-eeeeeeeeeeee5')).statusCode).toBe(204);
      await expect.poll(() => heard.owner).toContain(presenceChangedEventName);
      // A beat from a visitor already counted changes nothing, so it is not announced.
      heard.owner.length = 0;
      await beat('visitor-eeeeeeeeeeee5');

      const session = (
        await widget('POST', `/v1/widget/bots/${bot.id}/sessions`, {
          visitorId: 'visitor-eeeeeeeeeeee5',
        })
      ).json<WidgetSession>();
      await context.app.chat.reply({
        bot: await botRow(),
        message: 'Hello there',
        channel: 'widget',
        visitorId: session.visitorId,
        language: 'en',
      });
      await expect.poll(() => heard.owner).toContain(conversationUpdatedEventName);
      // The turn's own updates have all arrived by now; what follows is the ending alone.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      heard.owner.length = 0;
      await widget('DELETE', `/v1/widget/bots/${bot.id}/conversation`, undefined, session.token);
      await expect.poll(() => heard.owner).toContain(conversationUpdatedEventName);
      expect(heard.owner).not.toContain(presenceChangedEventName);
      expect(heard.stranger).toEqual([]);
    } finally {
      ownerSocket.disconnect();
      strangerSocket.disconnect();
    }
  });
});

describe('two server instances', () => {
  test("when a visitor arrives and chats on another instance, then the owner's dashboard on this one counts it and hears of it at once, without Redis", async () => {
    const second = await createTestApp({ envVars: { SMTP_URL: sink.url }, sharedWith: context });
    const socket = await connectRealtime(context.app, owner.cookieHeader());
    const heard: string[] = [];
    for (const name of [presenceChangedEventName, conversationUpdatedEventName]) {
      socket.on(name, () => heard.push(name));
    }
    const onSecond = (method: 'POST' | 'DELETE', url: string, payload?: object, token?: string) =>
      widget(method, url, payload, token, second);
    try {
      const before = await overview();
      const visitorId = 'visitor-ffffffffffff6';
      const arrived = await onSecond('POST', `/v1/widget/bots/${bot.id}/presence`, { visitorId });
      expect(arrived.statusCode).toBe(204);
      await expect.poll(() => heard).toContain(presenceChangedEventName);
      expect((await overview()).activeUsers).toBe(before.activeUsers + 1);

      const session = (
        await onSecond('POST', `/v1/widget/bots/${bot.id}/sessions`, { visitorId })
      ).json<WidgetSession>();
      const [row] = await second.database.db.select().from(chatbots).where(eq(chatbots.id, bot.id));
      await second.app.chat.reply({
        bot: row!,
        message: 'Is there parking nearby?',
        channel: 'widget',
        visitorId,
        language: 'en',
      });
      await expect.poll(() => heard).toContain(conversationUpdatedEventName);
      expect(await overview()).toMatchObject({
        activeChats: before.activeChats + 1,
        totalChats: before.totalChats + 1,
      });

      await new Promise((resolve) => setTimeout(resolve, 1_000));
      heard.length = 0;
      const ended = await onSecond(
        'DELETE',
        `/v1/widget/bots/${bot.id}/conversation`,
        undefined,
        session.token,
      );
      expect(ended.statusCode).toBe(204);
      await expect.poll(() => heard).toContain(conversationUpdatedEventName);
      expect((await overview()).activeChats).toBe(before.activeChats);
    } finally {
      socket.disconnect();
      await second.close();
    }
  });
});

describe('search', () => {
  test("when the owner searches, then bots, documents, conversations and leads of their own account are found, and nobody else's", async () => {
    const search = async (client: BrowserClient, q: string) => {
      const response = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AccountSearchResults>();
    };
    expect((await search(owner, 'SHOP help')).bots.map((found) => found.name)).toEqual([
      'Shop helper',
    ]);
    expect((await search(owner, 'returns')).documents).toMatchObject([
      { name: 'returns.txt', kind: 'document', botId: bot.id, botName: 'Shop helper' },
    ]);
    const byMessage = await search(owner, 'ship to Norway');
    expect(byMessage.conversations).toHaveLength(1);
    expect(byMessage.conversations[0]!.botName).toBe('Shop helper');
    expect((await search(owner, 'rosa@example')).leads).toMatchObject([
      { name: 'Rosa Buyer', email: 'rosa@example.com' },
    ]);
    // LIKE wildcards are text, not patterns.
    expect(await search(owner, '%%')).toEqual({
      bots: [],
      documents: [],
      conversations: [],
      leads: [],
    });
    expect(await search(stranger, 'shop helper')).toMatchObject({ bots: [] });
    expect((await search(stranger, 'rosa')).leads).toEqual([]);
    expect((await owner.get('/api/search?q=a')).statusCode).toBe(400);
    expect(
      (await context.app.inject({ method: 'GET', url: '/api/search?q=shop' })).statusCode,
    ).toBe(401);
  });
});
