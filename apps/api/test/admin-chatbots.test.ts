import type {
  AdminChatbotDetail,
  AdminChatbotPage,
  AuditAction,
  Bot,
  DashboardOverview,
  WidgetSession,
} from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import { and, eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminLogs, chatbots } from '../src/db/schema';
import { insertDemoBot } from '../src/modules/bots/bots.repository';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { addTextDocument, createApiKey, createBot } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let ownerId: string;
let apiKey: string;
let bot: Bot;
const staff = new Map<'super_admin' | 'sales_manager' | 'support_team', BrowserClient>();
const shop = 'https://www.quokka-shop.test';
const password = 'staff password 123';

beforeAll(async () => {
  sink = await startSmtpSink();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-admin-chatbots-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  for (const [index, role] of (
    ['super_admin', 'sales_manager', 'support_team'] as const
  ).entries()) {
    const { browser } = await signInStaff(context, {
      role,
      email: `${role}@askwell.test`,
      password,
      ip: `10.31.0.${index + 1}`,
    });
    staff.set(role, browser);
  }
  owner = await signUpCustomer(context, sink, 'ann@quokka-shop.test', '10.31.0.9');
  const users = await context.database.db.execute<{ id: string }>(
    sql`select id from users where email = 'ann@quokka-shop.test'`,
  );
  ownerId = users.rows[0]!.id;
  bot = await createBot(owner, {
    name: 'Quokka Shop Helper',
    description: 'Answers questions about WOMBAT-grade hiking boots.',
    tone: 'friendly',
    goal: 'support',
    allowedDomains: ['*.quokka-shop.test'],
  });
  await addTextDocument(
    owner,
    bot.id,
    'Boots.txt',
    'Our hiking boots are waterproof and come with a two-year warranty.',
  );
  apiKey = (await createApiKey(owner)).secret;
}, 120_000);
afterAll(async () => {
  await context?.close();
  await sink?.close();
});

const admin = () => staff.get('super_admin')!;

function list(browser: BrowserClient, query: Record<string, string> = {}) {
  return browser.get(`/api/admin/chatbots?${new URLSearchParams(query).toString()}`);
}

function widgetConfig() {
  return context.app.inject({
    method: 'GET',
    url: `/v1/widget/bots/${bot.id}/config`,
    headers: { origin: shop },
  });
}

function preflight() {
  return context.app.inject({
    method: 'OPTIONS',
    url: `/v1/widget/bots/${bot.id}/messages`,
    headers: { origin: shop, 'access-control-request-method': 'POST' },
  });
}

function apiChat() {
  return context.app.inject({
    method: 'POST',
    url: '/v1/chat',
    headers: { authorization: `Bearer ${apiKey}` },
    payload: { botId: bot.id, message: 'Are the boots waterproof?' },
  });
}

function auditEntries(action: AuditAction) {
  return context.database.db
    .select()
    .from(adminLogs)
    .where(and(eq(adminLogs.action, action), eq(adminLogs.targetId, bot.id)));
}

async function ownerAlerts() {
  const overview = await owner.get('/api/dashboard/overview');
  expect(overview.statusCode, overview.body).toBe(200);
  return overview.json<DashboardOverview>().alerts;
}

describe('the chatbots list', () => {
  test('when staff search, then the match is case-insensitive on name and on description, and shows owner and counts', async () => {
    for (const search of ['quokka shop', 'wombat-GRADE']) {
      const response = await list(admin(), { search });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<AdminChatbotPage>();
      expect(page.chatbots.map((row) => row.name)).toEqual(['Quokka Shop Helper']);
      expect(page.chatbots[0]).toMatchObject({
        id: bot.id,
        goal: 'support',
        tone: 'friendly',
        owner: { id: ownerId, email: 'ann@quokka-shop.test', name: 'Test Customer' },
        documents: 1,
        conversations: 0,
        enabled: true,
        staff_disabled_at: null,
      });
      expect(page.next_cursor).toBeNull();
    }
    const none = (await list(admin(), { search: 'no such bot anywhere' })).json<AdminChatbotPage>();
    expect(none.chatbots).toEqual([]);
  });

  test('when a search holds LIKE wildcards, then they match only themselves', async () => {
    const wildcard = await list(admin(), { search: '%' });
    expect(wildcard.json<AdminChatbotPage>().chatbots).toEqual([]);
    const underscore = await list(admin(), { search: 'Quokka_Shop' });
    expect(underscore.json<AdminChatbotPage>().chatbots).toEqual([]);
  });

  test('when an account has a demo bot, then it is not listed and has no detail', async () => {
    const demo = await insertDemoBot(context.database.db, ownerId, {
      name: 'Demo: Quokka sample',
      widgetConfig: botDefaults.widgetConfig,
    });
    const found = (await list(admin(), { search: 'quokka' })).json<AdminChatbotPage>();
    expect(found.chatbots.map((row) => row.id)).toEqual([bot.id]);
    const detail = await admin().get(`/api/admin/chatbots/${demo.id}`);
    expect(detail.statusCode).toBe(404);
    const disable = await admin().post(`/api/admin/chatbots/${demo.id}/disable`, {
      reason: 'Spam',
    });
    expect(disable.statusCode).toBe(404);
  });

  test('when there are more bots than a page, even created in the same instant, then Load more pages through each exactly once, newest first', async () => {
    const createdAt = new Date(Date.now() + 60_000);
    await context.database.db.insert(chatbots).values(
      Array.from({ length: 57 }, (_, index) => ({
        userId: ownerId,
        name: `Paging bot ${index}`,
        widgetConfig: botDefaults.widgetConfig,
        createdAt,
      })),
    );
    const first = (await list(admin(), { search: 'paging bot' })).json<AdminChatbotPage>();
    expect(first.chatbots).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await list(admin(), { search: 'paging bot', before: first.next_cursor! })
    ).json<AdminChatbotPage>();
    expect(second.chatbots).toHaveLength(7);
    expect(second.next_cursor).toBeNull();
    const names = [...first.chatbots, ...second.chatbots].map((row) => row.name);
    expect(new Set(names).size).toBe(57);

    // Without a search, the paging bots (created a minute ahead) come first: newest first.
    const all = (await list(admin())).json<AdminChatbotPage>();
    expect(all.chatbots[0]!.name).toMatch(/^Paging bot/);
  });

  test('when the cursor or the search is malformed, then 400 says what is wrong', async () => {
    const cursor = await list(admin(), { before: 'yesterday' });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.fields.before).toBe(
      'This page link is not valid any more. Reload the list.',
    );
    const long = await list(admin(), { search: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.search).toBe('Keep the search under 200 characters.');
  });
});

describe('the detail', () => {
  test('when staff open a bot, then they see its settings, owner, sources and counts', async () => {
    const response = await staff.get('support_team')!.get(`/api/admin/chatbots/${bot.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AdminChatbotDetail>();
    expect(detail).toMatchObject({
      name: 'Quokka Shop Helper',
      tone: 'friendly',
      goal: 'support',
      allowed_domains: ['*.quokka-shop.test'],
      model: null,
      owner: { email: 'ann@quokka-shop.test' },
      source_count: 1,
      conversation_count: 0,
      lead_count: 0,
      last_conversation_at: null,
      staff_disabled_at: null,
    });
    expect(detail.widget_config.welcomeMessage).toBe(botDefaults.widgetConfig.welcomeMessage);
    expect(detail.sources).toEqual([
      expect.objectContaining({ name: 'Boots.txt', kind: 'document', status: 'completed' }),
    ]);
    expect(detail.sources[0]!.chunk_count).toBeGreaterThan(0);
  });

  test('when the id is unknown or malformed, then 404 says so', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await admin().get(`/api/admin/chatbots/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'not_found',
        message: 'No chatbot with this id. It may have been deleted.',
      });
    }
  });
});

describe('disabling and enabling a bot', () => {
  test('when the reason is missing, blank or too long, then 400 names the problem and nothing changes', async () => {
    const url = `/api/admin/chatbots/${bot.id}/disable`;
    for (const [body, message] of [
      [{}, 'Say why the chatbot is disabled.'],
      [{ reason: '   ' }, 'Say why the chatbot is disabled.'],
      [{ reason: 'x'.repeat(301) }, 'Keep the reason under 300 characters.'],
    ] as const) {
      const response = await admin().post(url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields.reason).toBe(message);
    }
    expect((await widgetConfig()).statusCode).toBe(200);
    expect(await auditEntries('chatbot.disable')).toEqual([]);
  });

  test('when a customer calls the staff routes, then 403', async () => {
    for (const response of [
      await list(owner),
      await owner.get(`/api/admin/chatbots/${bot.id}`),
      await owner.post(`/api/admin/chatbots/${bot.id}/disable`, { reason: 'Mine' }),
      await owner.post(`/api/admin/chatbots/${bot.id}/enable`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  test('when a super_admin disables a bot, then its widget, preflight and API refuse it with the existing codes, once logged', async () => {
    expect((await widgetConfig()).statusCode).toBe(200);
    expect((await preflight()).headers['access-control-allow-origin']).toBe(shop);
    const session = await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${bot.id}/sessions`,
      headers: { origin: shop },
      payload: {},
    });
    expect(session.statusCode).toBe(201);
    const token = session.json<WidgetSession>().token;

    const reason = '  Sells counterfeit boots.  ';
    const disabled = await admin().post(`/api/admin/chatbots/${bot.id}/disable`, { reason });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const detail = disabled.json<AdminChatbotDetail>();
    expect(detail.staff_disabled_reason).toBe('Sells counterfeit boots.');
    expect(detail.staff_disabled_at).not.toBeNull();

    const config = await widgetConfig();
    expect(config.statusCode).toBe(403);
    expect(config.json().error).toEqual({
      code: 'bot_disabled',
      message: 'This chat is not available right now.',
    });
    // A visitor who already had the chat open is refused on the next message.
    const message = await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${bot.id}/messages`,
      headers: { origin: shop, authorization: `Bearer ${token}` },
      payload: { message: 'Hello?' },
    });
    expect(message.json().error.code).toBe('bot_disabled');
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
    const chat = await apiChat();
    expect(chat.statusCode).toBe(403);
    expect(chat.json().error).toEqual({ code: 'forbidden', message: 'This chatbot is disabled.' });

    // A second disable changes nothing and logs nothing.
    const again = await admin().post(`/api/admin/chatbots/${bot.id}/disable`, {
      reason: 'Another reason',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminChatbotDetail>().staff_disabled_reason).toBe('Sells counterfeit boots.');
    const entries = await auditEntries('chatbot.disable');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminEmail: 'super_admin@askwell.test',
      targetType: 'chatbot',
      details: {
        message:
          'Disabled chatbot “Quokka Shop Helper” of ann@quokka-shop.test: Sells counterfeit boots.',
        bot_id: bot.id,
        owner_email: 'ann@quokka-shop.test',
        reason: 'Sells counterfeit boots.',
      },
    });

    const listed = (await list(admin(), { search: 'quokka' })).json<AdminChatbotPage>();
    expect(listed.chatbots[0]!.staff_disabled_reason).toBe('Sells counterfeit boots.');
  });

  test('when the owner looks, then they see why, and their own switch cannot bring the bot back', async () => {
    const seen = (await owner.get(`/api/bots/${bot.id}`)).json<Bot>();
    expect(seen.staffDisabledReason).toBe('Sells counterfeit boots.');
    expect(seen.staffDisabledAt).not.toBeNull();
    const listed = (await owner.get('/api/bots')).json<Bot[]>();
    expect(listed.find((row) => row.id === bot.id)?.staffDisabledReason).toBe(
      'Sells counterfeit boots.',
    );
    const alert = (await ownerAlerts()).find((item) => item.message.includes('counterfeit'));
    expect(alert).toMatchObject({ type: 'error', link: `/dashboard/bots/${bot.id}` });
    expect(alert!.message).toContain('Quokka Shop Helper');

    // The editor's save sends the whole bot back; the fields it cannot change are ignored.
    const saved = await owner.put(`/api/bots/${bot.id}`, { ...seen, enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Bot>().staffDisabledAt).not.toBeNull();
    expect((await widgetConfig()).json().error.code).toBe('bot_disabled');
    expect((await apiChat()).statusCode).toBe(403);
  });

  test('when a sales_manager enables it, then it serves again, the owner’s alert clears, and the enable is logged once', async () => {
    const enabled = await staff.get('sales_manager')!.post(`/api/admin/chatbots/${bot.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json<AdminChatbotDetail>()).toMatchObject({
      staff_disabled_at: null,
      staff_disabled_reason: null,
    });
    expect((await widgetConfig()).statusCode).toBe(200);
    expect((await preflight()).headers['access-control-allow-origin']).toBe(shop);
    expect((await apiChat()).statusCode).toBe(200);
    expect((await owner.get(`/api/bots/${bot.id}`)).json<Bot>().staffDisabledAt).toBeNull();
    expect((await ownerAlerts()).some((item) => item.message.includes('counterfeit'))).toBe(false);

    const again = await admin().post(`/api/admin/chatbots/${bot.id}/enable`);
    expect(again.statusCode).toBe(200);
    const entries = await auditEntries('chatbot.enable');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminEmail: 'sales_manager@askwell.test',
      details: {
        bot_id: bot.id,
        owner_email: 'ann@quokka-shop.test',
        reason: 'Sells counterfeit boots.',
      },
    });
    expect(entries[0]!.details.message).toContain('Quokka Shop Helper');
  });

  test('when an unknown bot is disabled or enabled, then 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const disable = await admin().post(`/api/admin/chatbots/${missing}/disable`, {
      reason: 'Spam',
    });
    expect(disable.statusCode).toBe(404);
    const enable = await admin().post(`/api/admin/chatbots/${missing}/enable`);
    expect(enable.statusCode).toBe(404);
  });
});

describe('suspending the owner', () => {
  function apiCompletion() {
    return context.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { model: bot.id, messages: [{ role: 'user', content: 'Are they waterproof?' }] },
    });
  }

  test('when the owner is suspended, then their bots refuse like a disabled bot, and lifting it brings them back', async () => {
    const sales = staff.get('sales_manager')!;
    const suspended = await sales.post(`/api/admin/users/${ownerId}/suspend`, {
      reason: 'Chargeback fraud',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const config = await widgetConfig();
    expect(config.statusCode).toBe(403);
    expect(config.json().error.code).toBe('bot_disabled');
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
    for (const response of [await apiChat(), await apiCompletion()]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'forbidden',
        message: 'This chatbot is disabled.',
      });
    }

    const lifted = await sales.post(`/api/admin/users/${ownerId}/unsuspend`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await widgetConfig()).statusCode).toBe(200);
    expect((await preflight()).headers['access-control-allow-origin']).toBe(shop);
    expect((await apiChat()).statusCode).toBe(200);
    expect((await apiCompletion()).statusCode).toBe(200);
  });
});
