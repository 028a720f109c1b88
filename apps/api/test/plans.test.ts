import {
  botDefaults,
  planDefinitions,
  quotaExceededMessage,
  type AccountPlan,
  type Bot,
  type FilesUpload,
  type KnowledgeSource,
  type ModelSettings,
  type WidgetBotConfig,
  type WidgetSession,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { periodStartOf } from '../src/modules/plans/plans.service';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { createApiKey, createBot } from './support/chat-fixtures';
import { signInStaff, signUpCustomer } from './support/customers';
import { buildZip } from './support/hostile-files';
import { startOpenAiCompatibleServer } from './support/openai-compatible-server';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let second: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

const shop = 'https://www.shop.test';
const free = planDefinitions.free.limits;
const premium = planDefinitions.premium.limits;

beforeAll(async () => {
  sink = await startSmtpSink();
  // The concurrency test needs many messages a minute through one key and one bot.
  const envVars = {
    SMTP_URL: sink.url,
    CHAT_RATE_LIMIT_PER_KEY: '10000',
    CHAT_RATE_LIMIT_PER_BOT: '10000',
  };
  context = await createTestApp({ envVars });
  second = await createTestApp({ envVars, sharedWith: context });
});
afterAll(async () => {
  await second.close();
  await context.close();
  await sink.close();
});

let accounts = 0;
async function customer(name: string) {
  accounts += 1;
  const email = `${name}-${accounts}@plans.test`;
  const browser = await signUpCustomer(context, sink, email, `10.15.0.${accounts}`);
  const id = await userIdOf(email);
  return { browser, email, id };
}

async function userIdOf(email: string) {
  const result = await context.database.db.execute<{ id: string }>(
    sql`select id from users where email = ${email}`,
  );
  return result.rows[0]!.id;
}

// Documents already processed, written straight to the table: the limit tests need a bot near
// its limit, not hundreds of real uploads.
async function addDocuments(botId: string, userId: string, count: number) {
  await context.database.db.execute(sql`
    insert into knowledge_sources (bot_id, user_id, kind, name, status)
    select ${botId}, ${userId}, 'document', 'Doc ' || n, 'completed'
    from generate_series(1, ${count}) n
  `);
}

// The trial ran out without a subscription.
async function endTrial(userId: string) {
  await context.database.db.execute(
    sql`update users set trial_ends_at = now() - interval '1 hour' where id = ${userId}`,
  );
}

async function setMessagesUsed(userId: string, messages: number) {
  await context.database.db.execute(sql`
    insert into usage_counters (user_id, period_start, messages)
    values (${userId}, ${periodStartOf(new Date())}::date, ${messages})
    on conflict (user_id, period_start) do update set messages = excluded.messages
  `);
}

async function alertsOf(userId: string) {
  const result = await context.database.db.execute<{ key: string; message: string }>(
    sql`select key, message from system_notifications where user_id = ${userId} order by created_at`,
  );
  return result.rows;
}

// The sink keeps the raw message; its body is quoted-printable once it holds any non-ASCII text.
function decodeQuotedPrintable(text: string) {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function expectQuota(response: { statusCode: number; json: () => unknown }, message: string) {
  expect(response.statusCode).toBe(402);
  expect(response.json()).toMatchObject({ error: { code: 'quota_exceeded', message } });
}

function chat(key: string, botId: string, app = context.app) {
  return app.inject({
    method: 'POST',
    url: '/v1/chat',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ botId, message: 'Do you ship to Austria?' }),
  });
}

async function widgetSession(botId: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/v1/widget/bots/${botId}/sessions`,
    headers: { origin: shop },
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WidgetSession>();
}

function widgetMessage(botId: string, token: string) {
  return context.app.inject({
    method: 'POST',
    url: `/v1/widget/bots/${botId}/messages`,
    headers: { origin: shop, authorization: `Bearer ${token}` },
    payload: { message: 'Hello?' },
  });
}

function shopBot(browser: BrowserClient, name: string) {
  return createBot(browser, { name, allowedDomains: ['*.shop.test'] });
}

describe('the trial and the effective plan', () => {
  test('when a customer registers, then they are on a Premium trial with Premium limits', async () => {
    const { browser } = await customer('trial');
    const plan = (await browser.get('/api/plan')).json<AccountPlan>();
    expect(plan.status).toBe('trial');
    expect(plan.limits).toEqual(premium);
    expect(Date.parse(plan.trialEndsAt!) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    expect(plan.usage.messages).toEqual({ used: 0, limit: premium.messagesPerMonth });
  });

  test('when the trial has ended without a subscription, then the account is Free', async () => {
    const { browser, id } = await customer('ended');
    await endTrial(id);
    const plan = (await browser.get('/api/plan')).json<AccountPlan>();
    expect(plan.status).toBe('free');
    expect(plan.limits).toEqual(free);
  });

  test('when staff grants Premium, then the account has Premium limits after the trial too', async () => {
    const { browser, id } = await customer('granted');
    await endTrial(id);
    await context.database.db.execute(
      sql`update users set subscription_tier = 'premium' where id = ${id}`,
    );
    const plan = (await browser.get('/api/plan')).json<AccountPlan>();
    expect(plan.status).toBe('premium');
    expect(plan.limits).toEqual(premium);
  });

  test('when a staff account asks for its plan, then it is not limited', async () => {
    const { browser } = await signInStaff(context, {
      role: 'super_admin',
      email: 'admin@plans.test',
      password: 'staff password 12345',
      ip: '10.15.9.1',
    });
    const plan = (await browser.get('/api/plan')).json<AccountPlan>();
    expect(plan.status).toBe('staff');
  });
});

describe('Free plan limits on every path that creates usage', () => {
  let browser: BrowserClient;
  let userId: string;
  let email: string;
  let bot: Bot;
  let trialKey: string;

  beforeAll(async () => {
    ({ browser, id: userId, email } = await customer('free'));
    bot = await shopBot(browser, 'Only bot');
    // Made during the trial, when the plan included the API.
    trialKey = (await createApiKey(browser)).secret;
    await endTrial(userId);
  });

  test('when a Free account creates a second chatbot, then it is refused with 402 naming the limit', async () => {
    const response = await browser.post('/api/bots', { ...botDefaults, name: 'Second' });
    expectQuota(response, quotaExceededMessage('chatbots', 'free'));
    expect(response.json<{ error: { message: string } }>().error.message).toContain(
      'Upgrade to Premium',
    );
  });

  test('when a Free account creates an API key, then it is refused: the plan has no API access', async () => {
    const response = await browser.post('/api/api-keys', { name: 'Server' });
    expectQuota(response, quotaExceededMessage('apiAccess', 'free'));
  });

  test('when a key made during the trial calls /v1/chat and /v1/chat/completions, then both answer 402', async () => {
    expectQuota(await chat(trialKey, bot.id), quotaExceededMessage('apiAccess', 'free'));
    const completions = await context.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${trialKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ model: bot.id, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expectQuota(completions, quotaExceededMessage('apiAccess', 'free'));
  });

  test('when a Free account stores or tests its own provider key, then it is refused with the upgrade message; removing one is not', async () => {
    const stored = await browser.put('/api/settings', { providerKeys: { openai: 'sk-test-own' } });
    expectQuota(stored, quotaExceededMessage('ownProviderKeys', 'free'));
    const tested = await browser.post('/api/settings/test-connection', { provider: 'openai' });
    expectQuota(tested, quotaExceededMessage('ownProviderKeys', 'free'));
    const removed = await browser.put('/api/settings', { providerKeys: { openai: null } });
    expect(removed.statusCode).toBe(200);
  });

  test('when a chatbot holds the Free number of documents, then another upload is refused', async () => {
    await addDocuments(bot.id, userId, free.documentsPerBot);
    const response = await browser.upload(
      `/api/bots/${bot.id}/documents`,
      'one-more.txt',
      new TextEncoder().encode('One more page of text.'),
      'text/plain',
    );
    expectQuota(response, quotaExceededMessage('documentsPerBot', 'free'));
  });

  test('when a website would take the chatbot over its page limit, then it is refused with what is left', async () => {
    await context.database.db.execute(sql`
      insert into knowledge_sources (bot_id, user_id, kind, name, url, settings, status)
      values (${bot.id}, ${userId}, 'website', 'docs.shop.test', 'https://docs.shop.test/',
        ${JSON.stringify({ maxPages: free.websitePagesPerBot - 20, maxDepth: 2 })}::jsonb, 'completed')
    `);
    const response = await browser.post(`/api/bots/${bot.id}/websites`, {
      url: 'https://blog.shop.test/',
      maxPages: 30,
      maxDepth: 2,
    });
    expectQuota(
      response,
      `${quotaExceededMessage('websitePagesPerBot', 'free')} This chatbot can take 20 more pages.`,
    );
  });

  test('when the month’s messages are used up, then the widget answers 402 and the owner is alerted once', async () => {
    const { token } = await widgetSession(bot.id);
    await setMessagesUsed(userId, free.messagesPerMonth);
    const first = await widgetMessage(bot.id, token);
    expectQuota(first, quotaExceededMessage('messagesPerMonth', 'free'));
    expectQuota(
      await widgetMessage(bot.id, token),
      quotaExceededMessage('messagesPerMonth', 'free'),
    );
    const usage = (await browser.get('/api/plan')).json<AccountPlan>().usage.messages;
    expect(usage).toEqual({ used: free.messagesPerMonth, limit: free.messagesPerMonth });
    expect((await sink.waitForMail(email, 2)).subject).toBe(
      "Your Askwell chatbots reached this month's message limit",
    );
    await expect
      .poll(async () => (await alertsOf(userId)).filter((a) => a.key.endsWith('-100')).length)
      .toBe(1);
  });
});

describe('usage alerts', () => {
  test('when usage crosses 50, 80 and 100 %, then each alert and mail is sent once this month', async () => {
    const { browser, email, id } = await customer('alerts');
    const bot = await createBot(browser);
    const { secret } = await createApiKey(browser);
    const limit = premium.messagesPerMonth;
    const mailsBefore = sink.mailsTo(email).length;
    const send = async () => expect((await chat(secret, bot.id)).statusCode).toBe(200);
    const alerted = (count: number) =>
      expect.poll(async () => (await alertsOf(id)).length).toBe(count);

    await setMessagesUsed(id, limit / 2 - 1);
    await send();
    await alerted(1);
    await send();
    await setMessagesUsed(id, (limit * 8) / 10 - 1);
    await send();
    await alerted(2);
    await send();
    await setMessagesUsed(id, limit - 1);
    await send();
    await alerted(3);
    expect((await chat(secret, bot.id)).statusCode).toBe(402);

    await expect
      .poll(async () => (await alertsOf(id)).map((alert) => alert.key.split('-').pop()))
      .toEqual(['50', '80', '100']);
    await sink.waitForMail(email, mailsBefore + 3);
    const subjects = sink
      .mailsTo(email)
      .slice(mailsBefore)
      .map((mail) => mail.subject);
    expect(subjects).toEqual([
      "You have used 50% of this month's Askwell messages",
      "You have used 80% of this month's Askwell messages",
      "Your Askwell chatbots reached this month's message limit",
    ]);
  });
});

describe('counting under concurrency', () => {
  test('when 200 messages arrive at once on two instances near the limit, then exactly the remaining allowance is answered', async () => {
    const { browser, id } = await customer('burst');
    const bot = await createBot(browser);
    const { secret } = await createApiKey(browser);
    const remaining = 37;
    await setMessagesUsed(id, premium.messagesPerMonth - remaining);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => chat(secret, bot.id, n % 2 ? second.app : context.app)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(remaining);
    expect(statuses.filter((status) => status === 402)).toHaveLength(200 - remaining);
    const plan = (await browser.get('/api/plan')).json<AccountPlan>();
    expect(plan.usage.messages.used).toBe(premium.messagesPerMonth);
  });
});

describe('when the trial ends without a subscription', () => {
  test('then nothing is deleted, only the most recently used chatbot answers, and the owner is told what is paused', async () => {
    const { browser, email, id } = await customer('paused');
    const older = await shopBot(browser, 'Older bot');
    const recent = await shopBot(browser, 'Recent bot');
    const quiet = await shopBot(browser, 'Quiet bot');
    // The older bot was the one visitors used last.
    await context.database.db.execute(sql`
      insert into conversations (bot_id, user_id, session_id, channel, last_message_at)
      values (${older.id}, ${id}, 'visitor-session', 'widget', now() + interval '1 minute')
    `);
    await endTrial(id);
    await context.app.plans.sweepTrials();

    const mail = await sink.waitForMail(email, 2);
    expect(mail.subject).toBe('Your Askwell trial has ended');
    const text = decodeQuotedPrintable(mail.text);
    expect(text).toContain('“Older bot” keeps answering; paused: ');
    expect(text).toContain('“Recent bot”');
    expect(text).toContain('“Quiet bot”');
    const alerts = await alertsOf(id);
    expect(alerts.map((alert) => alert.key)).toEqual(['trial-ended']);
    expect(alerts[0]!.message).toContain('Upgrade to Premium in Settings → Plan & Billing');

    const listed = (await browser.get('/api/bots')).json<Bot[]>();
    expect(listed).toHaveLength(3);
    const config = (botId: string) =>
      context.app.inject({
        method: 'GET',
        url: `/v1/widget/bots/${botId}/config`,
        headers: { origin: shop },
      });
    expect((await config(older.id)).statusCode).toBe(200);
    for (const paused of [recent, quiet]) {
      const response = await config(paused.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'bot_disabled' } });
    }
    const plan = (await browser.get('/api/plan')).json<AccountPlan>();
    expect(plan.pausedBotIds.sort()).toEqual([recent.id, quiet.id].sort());

    // Sent once, however often the sweep runs.
    await context.app.plans.sweepTrials();
    await second.app.plans.sweepTrials();
    expect(await alertsOf(id)).toHaveLength(1);
    expect(sink.mailsTo(email)).toHaveLength(2);

    // Upgrading restores every chatbot.
    await context.database.db.execute(
      sql`update users set subscription_tier = 'premium' where id = ${id}`,
    );
    expect((await config(quiet.id)).statusCode).toBe(200);
  });

  test('then reminders came 3 days and 1 day before, each once', async () => {
    const { email, id } = await customer('remind');
    const endsIn = async (hours: number) =>
      context.database.db.execute(
        sql`update users set trial_ends_at = now() + make_interval(hours => ${hours}) where id = ${id}`,
      );
    await endsIn(60);
    await context.app.plans.sweepTrials();
    await second.app.plans.sweepTrials();
    expect((await sink.waitForMail(email, 2)).subject).toBe('Your Askwell trial ends in 3 days');
    await endsIn(20);
    await context.app.plans.sweepTrials();
    await context.app.plans.sweepTrials();
    expect((await sink.waitForMail(email, 3)).subject).toBe('Your Askwell trial ends tomorrow');
    expect(sink.mailsTo(email)).toHaveLength(3);
    expect((await alertsOf(id)).map((alert) => alert.key)).toEqual([
      'trial-ending-3',
      'trial-ending-1',
    ]);
  });
});

describe('features the trial included, after it ends', () => {
  let model: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;
  const modelKey = 'own-model-key-5678';
  const ownReply = 'Yes, we ship to Austria within three days.';

  beforeAll(async () => {
    model = await startOpenAiCompatibleServer({ apiKey: modelKey });
    model.state.reply = ownReply;
  });
  afterAll(async () => {
    await model.close();
  });

  function widgetConfig(botId: string, app = context.app) {
    return app.inject({
      method: 'GET',
      url: `/v1/widget/bots/${botId}/config`,
      headers: { origin: shop },
    });
  }

  async function widgetReply(botId: string, app: TestContext['app']) {
    const session = await app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${botId}/sessions`,
      headers: { origin: shop },
      payload: {},
    });
    const { token } = session.json<WidgetSession>();
    const response = await app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${botId}/messages`,
      headers: { origin: shop, authorization: `Bearer ${token}` },
      payload: { message: 'Do you ship to Austria?' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const done = response.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; reply?: string })
      .find((event) => event.type === 'done');
    expect(done, response.body).toBeDefined();
    return done!.reply!;
  }

  test('when a trial bot hides “Powered by Askwell”, then the widget drops the line until the account falls to Free, and the choice is kept', async () => {
    const { browser, id } = await customer('branding');
    const bot = await shopBot(browser, 'Unbranded bot');
    expect((await widgetConfig(bot.id)).json<WidgetBotConfig>().texts.poweredBy).toBe(
      'Powered by Askwell',
    );

    const input = { ...bot, hideBranding: true };
    const saved = await browser.put(`/api/bots/${bot.id}`, input);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Bot>().hideBranding).toBe(true);
    expect((await widgetConfig(bot.id)).json<WidgetBotConfig>().texts.poweredBy).toBe('');

    await endTrial(id);
    expect((await widgetConfig(bot.id)).json<WidgetBotConfig>().texts.poweredBy).toBe(
      'Powered by Askwell',
    );
    // Saving the rest of the bot still works, and the choice waits for Premium.
    const renamed = await browser.put(`/api/bots/${bot.id}`, { ...input, name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Bot>().hideBranding).toBe(true);

    await context.database.db.execute(
      sql`update users set subscription_tier = 'premium' where id = ${id}`,
    );
    expect((await widgetConfig(bot.id)).json<WidgetBotConfig>().texts.poweredBy).toBe('');
  });

  test('when a Free account switches on hiding the branding, then it is refused with the upgrade message', async () => {
    const { browser, id } = await customer('branding-free');
    const bot = await shopBot(browser, 'Branded bot');
    await endTrial(id);
    const response = await browser.put(`/api/bots/${bot.id}`, { ...bot, hideBranding: true });
    expectQuota(response, quotaExceededMessage('removeBranding', 'free'));
    expect((await browser.get(`/api/bots/${bot.id}`)).json<Bot>().hideBranding).toBe(false);
    expect((await widgetConfig(bot.id)).json<WidgetBotConfig>().texts.poweredBy).toBe(
      'Powered by Askwell',
    );
  });

  test('when the trial ends, then provider keys saved during it are kept but unused: the built-in answerer replies', async () => {
    const { browser, id } = await customer('own-keys');
    const bot = await shopBot(browser, 'Own model bot');
    const saved = await browser.put('/api/settings', {
      providerKeys: { customApiKey: modelKey },
      customEndpoint: model.url,
      defaultModel: 'local-model',
      useCustomEndpoint: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ModelSettings>().ownProviderActive).toBe(true);
    expect(await widgetReply(bot.id, context.app)).toBe(ownReply);
    const calls = model.requests.length;

    await endTrial(id);
    const settings = (await browser.get('/api/settings')).json<ModelSettings>();
    expect(settings.ownProviderActive).toBe(false);
    expect(settings.providerKeys.customApiKey.set).toBe(true);
    expect(settings.useCustomEndpoint).toBe(true);
    // The other instance, whose settings cache has not seen this owner yet.
    expect(await widgetReply(bot.id, second.app)).not.toBe(ownReply);
    expect(model.requests.length).toBe(calls);
  });

  test('when a .zip unpacks to more documents than the chatbot has room for, then none is added and the refusal names the limit', async () => {
    const { browser, id } = await customer('zip');
    const bot = await shopBot(browser, 'Zip bot');
    await endTrial(id);
    await addDocuments(bot.id, id, free.documentsPerBot - 2);
    const files = ['returns', 'shipping', 'warranty'].map((name) => ({
      name: `${name}.txt`,
      data: Buffer.from(`Our ${name} policy is simple and fair to every customer.`),
    }));
    const upload = (count: number) =>
      browser.upload(
        `/api/bots/${bot.id}/documents`,
        'policies.zip',
        buildZip(files.slice(0, count)),
        'application/zip',
      );
    const sourceCount = async () =>
      (await browser.get(`/api/sources?botId=${bot.id}`)).json<unknown[]>().length;

    expectQuota(
      await upload(3),
      `${quotaExceededMessage('documentsPerBot', 'free')} This archive holds 3 documents; this chatbot can take 2 more.`,
    );
    expect(await sourceCount()).toBe(free.documentsPerBot - 2);

    const fits = await upload(2);
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await sourceCount()).toBe(free.documentsPerBot);
    expectQuota(await upload(1), quotaExceededMessage('documentsPerBot', 'free'));
  });

  test('when one request of several files meets the last room, then the files that fit are added and each other one is refused with the limit', async () => {
    const { browser, id } = await customer('files');
    const bot = await shopBot(browser, 'Files bot');
    await endTrial(id);
    await addDocuments(bot.id, id, free.documentsPerBot - 2);
    const response = await browser.uploadFiles(
      `/api/bots/${bot.id}/documents`,
      ['returns', 'shipping', 'warranty', 'privacy'].map((name) => ({
        name: `${name}.txt`,
        data: Buffer.from(`Our ${name} policy is simple and fair.`),
      })),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { files } = response.json<FilesUpload>();
    expect(files.map((file) => file.error)).toEqual([
      null,
      null,
      quotaExceededMessage('documentsPerBot', 'free'),
      quotaExceededMessage('documentsPerBot', 'free'),
    ]);
    const sources = (await browser.get(`/api/sources?botId=${bot.id}`)).json<KnowledgeSource[]>();
    expect(sources.length).toBe(free.documentsPerBot);
    expect(sources.map((source) => source.name)).toEqual(
      expect.arrayContaining(['returns.txt', 'shipping.txt']),
    );
  });

  test('when files and an archive arrive at once for the last room, then exactly that room is filled', async () => {
    const { browser, id } = await customer('race');
    const bot = await shopBot(browser, 'Race bot');
    await endTrial(id);
    await addDocuments(bot.id, id, free.documentsPerBot - 2);
    const text = (name: string) => Buffer.from(`Our ${name} policy is simple and fair.`);
    const responses = await Promise.all([
      ...['returns', 'shipping', 'warranty', 'privacy', 'billing'].map((name) =>
        browser.upload(`/api/bots/${bot.id}/documents`, `${name}.txt`, text(name), 'text/plain'),
      ),
      browser.upload(
        `/api/bots/${bot.id}/documents`,
        'more.zip',
        buildZip([{ name: 'terms.txt', data: text('terms') }]),
        'application/zip',
      ),
    ]);
    const accepted = responses.filter((response) => response.statusCode === 201);
    expect(accepted.length).toBe(2);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(402);
    }
    const sources = (await browser.get(`/api/sources?botId=${bot.id}`)).json<unknown[]>();
    expect(sources.length).toBe(free.documentsPerBot);
  });
});
