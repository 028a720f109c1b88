import {
  botDefaults,
  type Bot,
  type WidgetBotConfig,
  type WidgetConversation,
  type WidgetSession,
  type WidgetStreamEvent,
} from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { addTextDocument } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;

const shop = 'https://www.shop.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url },
    widgetLimits: { visitorRequests: 12, visitorMessages: 5, botMessages: 8, addressRequests: 100 },
  });
  owner = await signUpCustomer(context, sink, 'owner@widget.test', '10.6.0.1');
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

async function createBot(changes: Partial<Bot> = {}) {
  const response = await owner.post('/api/bots', {
    ...botDefaults,
    name: 'Shop helper',
    allowedDomains: ['*.shop.test'],
    ...changes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Bot>();
}

function widget(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS',
  url: string,
  {
    origin = shop,
    token,
    payload,
  }: { origin?: string | null; token?: string; payload?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (origin) headers.origin = origin;
  if (token) headers.authorization = `Bearer ${token}`;
  return context.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function session(botId: string, origin = shop, visitorId?: string) {
  const response = await widget('POST', `/v1/widget/bots/${botId}/sessions`, {
    origin,
    payload: visitorId ? { visitorId } : {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WidgetSession>();
}

describe('widget endpoints: order of checks', () => {
  test('when the bot does not exist, then every endpoint answers 404 before looking at anything else', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const response of [
      await widget('GET', `/v1/widget/bots/${missing}/config`, { origin: 'https://evil.test' }),
      await widget('GET', `/v1/widget/bots/${missing}/conversation`, { token: 'forged' }),
      await widget('POST', `/v1/widget/bots/not-a-uuid/sessions`, { payload: {} }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  test('when the bot is disabled, then it is refused with bot_disabled even from an allowed origin and with a bad token', async () => {
    const bot = await createBot({ enabled: false });
    const config = await widget('GET', `/v1/widget/bots/${bot.id}/config`);
    expect(config.statusCode).toBe(403);
    expect(config.json().error).toMatchObject({
      code: 'bot_disabled',
      message: 'This chat is not available right now.',
    });
    const history = await widget('GET', `/v1/widget/bots/${bot.id}/conversation`, {
      origin: 'https://evil.test',
      token: 'forged',
    });
    expect(history.json().error.code).toBe('bot_disabled');
  });

  test('when the page origin is not allowed, then 403 origin_not_allowed comes before the session check, and the owner sees the refused origin', async () => {
    const bot = await createBot();
    const refused = await widget('GET', `/v1/widget/bots/${bot.id}/conversation`, {
      origin: 'https://evil.test',
      token: 'forged',
    });
    expect(refused.statusCode).toBe(403);
    // The page may read the refusal (to explain it), never any data.
    expect(refused.headers['access-control-allow-origin']).toBe('https://evil.test');
    expect(refused.json().error).toEqual({
      code: 'origin_not_allowed',
      message: 'Chat is not available on this site.',
    });
    const noOrigin = await widget('GET', `/v1/widget/bots/${bot.id}/config`, { origin: null });
    expect(noOrigin.json().error.code).toBe('origin_not_allowed');

    const seen = (await owner.get(`/api/bots/${bot.id}`)).json<Bot>();
    expect(seen.lastRefusedOrigin).toBe('https://evil.test');
    expect(seen.lastRefusedAt).not.toBeNull();
  });

  test('when the origin is allowed but the session token is missing, forged, or issued for another site or bot, then 401 widget_session_invalid', async () => {
    const bot = await createBot({ allowedDomains: ['*.shop.test', 'other.test'] });
    const otherBot = await createBot();
    const valid = await session(bot.id);
    const forOtherSite = await session(bot.id, 'https://other.test');
    const forOtherBot = await session(otherBot.id);
    const url = `/v1/widget/bots/${bot.id}/conversation`;

    for (const token of [
      undefined,
      'forged',
      `${valid.token.split('.')[0]}.AAAA`,
      forOtherSite.token,
      forOtherBot.token,
    ]) {
      const response = await widget('GET', url, { ...(token ? { token } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('widget_session_invalid');
    }
    const ok = await widget('GET', url, { token: valid.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ conversationId: null, messages: [], leadCaptured: false });
  });

  test('when a visitor goes over the per-visitor limit, then 429 with Retry-After; another visitor is unaffected', async () => {
    const bot = await createBot();
    const first = await session(bot.id);
    const second = await session(bot.id);
    const url = `/v1/widget/bots/${bot.id}/conversation`;
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      statuses.push((await widget('GET', url, { token: first.token })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(12).fill(200), 429]);
    const limited = await widget('GET', url, { token: first.token });
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await widget('GET', url, { token: second.token })).statusCode).toBe(200);
  });

  test('when visitors together exceed the per-bot message limit, then the bot answers 429 to everyone', async () => {
    const bot = await createBot();
    const url = `/v1/widget/bots/${bot.id}/messages`;
    const statuses: number[] = [];
    for (let visitor = 0; visitor < 9; visitor++) {
      const { token } = await session(bot.id);
      const response = await widget('POST', url, { token, payload: { message: 'Hello' } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status !== 429)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe('widget endpoints: origins and CORS', () => {
  test('when a bot has no allowed domain, then it answers only in Askwell’s own preview, for its owner', async () => {
    const bot = await createBot({ allowedDomains: [] });
    const preview = await owner.get(`/v1/widget/bots/${bot.id}/config`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<WidgetBotConfig>().preview).toBe(true);
    const elsewhere = await widget('GET', `/v1/widget/bots/${bot.id}/config`);
    expect(elsewhere.json().error.code).toBe('origin_not_allowed');
    // A same-origin GET carries no Origin; the browser's Sec-Fetch-Site vouches for it instead.
    const sameOrigin = await context.app.inject({
      method: 'GET',
      url: `/v1/widget/bots/${bot.id}/config`,
      headers: { 'sec-fetch-site': 'same-origin', cookie: owner.cookieHeader() },
    });
    expect(sameOrigin.json<WidgetBotConfig>().preview).toBe(true);
    const crossSite = await context.app.inject({
      method: 'GET',
      url: `/v1/widget/bots/${bot.id}/config`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.json().error.code).toBe('origin_not_allowed');
  });

  test('when a wildcard is allowed, then every subdomain matches but not the bare domain; a port in the pattern must match', async () => {
    const bot = await createBot({ allowedDomains: ['*.shop.test', 'localhost:4000'] });
    const status = async (origin: string) =>
      (await widget('GET', `/v1/widget/bots/${bot.id}/config`, { origin })).statusCode;
    expect(await status('https://www.shop.test')).toBe(200);
    expect(await status('https://a.b.shop.test')).toBe(200);
    expect(await status('https://shop.test')).toBe(403);
    expect(await status('https://evilshop.test')).toBe(403);
    expect(await status('http://localhost:4000')).toBe(200);
    expect(await status('http://localhost:4001')).toBe(403);
  });

  test('when the origin is allowed, then the config carries the bot, its texts in the browser language and CORS for that origin only', async () => {
    const bot = await createBot({ starterQuestions: ['What are your hours?'] });
    const response = await widget('GET', `/v1/widget/bots/${bot.id}/config?lang=de-DE`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(shop);
    const config = response.json<WidgetBotConfig>();
    expect(config).toMatchObject({
      name: 'Shop helper',
      starterQuestions: ['What are your hours?'],
      lead: { enabled: true, afterMessages: null },
      language: 'de',
      preview: false,
    });
    expect(config.texts.newConversation).toBe('Neues Gespräch');
    // The greeting and placeholder the bot came with speak the visitor's language too.
    expect(config.widgetConfig).toMatchObject({
      welcomeMessage: 'Hallo! Wie kann ich Ihnen heute helfen?',
      placeholderText: 'Ihre Nachricht...',
    });
    const portuguese = await widget('GET', `/v1/widget/bots/${bot.id}/config?lang=pt-BR`);
    expect(portuguese.json<WidgetBotConfig>()).toMatchObject({
      language: 'pt',
      texts: { newConversation: 'Nova conversa', leadTitle: 'Deixe seus dados' },
      widgetConfig: { welcomeMessage: 'Olá! Como posso ajudar você hoje?' },
    });
    const japanese = await widget('GET', `/v1/widget/bots/${bot.id}/config?lang=ja-JP`);
    expect(japanese.json<WidgetBotConfig>()).toMatchObject({
      language: 'ja',
      texts: { newConversation: '新しい会話' },
      widgetConfig: { placeholderText: 'メッセージを入力...' },
    });
    const taiwanese = await widget('GET', `/v1/widget/bots/${bot.id}/config?lang=zh-TW`);
    expect(taiwanese.json<WidgetBotConfig>()).toMatchObject({
      language: 'zh-Hant',
      texts: { newConversation: '新對話', send: '傳送' },
      widgetConfig: { placeholderText: '輸入您的訊息...' },
    });
    const swedish = await widget('GET', `/v1/widget/bots/${bot.id}/config?lang=sv-SE`);
    expect(swedish.json<WidgetBotConfig>()).toMatchObject({
      language: 'en',
      texts: { newConversation: 'New conversation' },
    });

    const allowed = await widget('OPTIONS', `/v1/widget/bots/${bot.id}/messages`);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(shop);
    expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
    const refused = await widget('OPTIONS', `/v1/widget/bots/${bot.id}/messages`, {
      origin: 'https://evil.test',
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe("the owner's own words in the widget", () => {
  test('when the owner wrote a welcome message and placeholder, then every visitor sees them as written', async () => {
    const bot = await createBot({
      widgetConfig: {
        ...botDefaults.widgetConfig,
        fontFamily: 'Inter, sans-serif',
        welcomeMessage: 'Welcome to the shop!',
        placeholderText: 'Ask about our bakery...',
      },
    });
    const response = await widget('GET', `/v1/widget/bots/${bot.id}/config?lang=es-ES`);
    expect(response.statusCode).toBe(200);
    const config = response.json<WidgetBotConfig>();
    expect(config.texts.newConversation).toBe('Nueva conversación');
    expect(config.widgetConfig).toMatchObject({
      welcomeMessage: 'Welcome to the shop!',
      placeholderText: 'Ask about our bakery...',
    });
  });
});

describe('bot settings for the widget', () => {
  test('when allowed domains are pasted as addresses, then they are stored as host patterns', async () => {
    const bot = await createBot({
      allowedDomains: ['https://WWW.Example.com/shop?x=1', '*.example.org', 'localhost:3000'],
      leadCapture: false,
      leadAfterMessages: 3,
    });
    expect(bot.allowedDomains).toEqual(['www.example.com', '*.example.org', 'localhost:3000']);
    expect(bot.enabled).toBe(true);
    expect(bot.leadCapture).toBe(false);
    expect(bot.leadAfterMessages).toBe(3);
  });

  test('when a domain or the message count is invalid, then the save is refused naming the field', async () => {
    const response = await owner.post('/api/bots', {
      ...botDefaults,
      name: 'Bad',
      allowedDomains: ['exa mple.com'],
      leadAfterMessages: 0,
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields as Record<string, string>;
    expect(fields['allowedDomains.0']).toBe(
      'Enter a domain such as example.com or *.example.com (a port is optional).',
    );
    expect(fields.leadAfterMessages).toBe('Enter at least 1 message.');
  });
});

function events(body: string) {
  return body
    .split('\n\n')
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as WidgetStreamEvent);
}

// A new visitor's question from a browser set to `language`, and the bot's whole reply.
async function firstReply(botId: string, message: string, language: string) {
  const visitor = await session(botId);
  const answer = await widget('POST', `/v1/widget/bots/${botId}/messages`, {
    token: visitor.token,
    payload: { message, language },
  });
  const done = events(answer.body).at(-1)!;
  if (done.type !== 'done') throw new Error(answer.body);
  return done.reply;
}

describe('a visitor’s conversation', () => {
  test('when a visitor asks, then the answer streams with sources, survives as history, takes feedback, a lead, and a reset starts over', async () => {
    const bot = await createBot({ leadAfterMessages: 2 });
    await addTextDocument(
      owner,
      bot.id,
      'opening-hours.txt',
      'Opening hours\n\nThe Harbour Street shop is open from 9 am to 6 pm, Monday to Saturday. On Sundays the shop is closed.',
    );
    const visitor = await session(bot.id);
    const ask = (message: string) =>
      widget('POST', `/v1/widget/bots/${bot.id}/messages`, {
        token: visitor.token,
        payload: { message, pageUrl: `${shop}/contact`, language: 'en-GB' },
      });

    const first = await ask('When is the Harbour Street shop open?');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/event-stream');
    expect(first.headers['access-control-allow-origin']).toBe(shop);
    const stream = events(first.body);
    expect(stream[0]).toEqual({ type: 'start' });
    expect(stream.some((event) => event.type === 'token')).toBe(true);
    const done = stream.at(-1)!;
    if (done.type !== 'done') throw new Error(first.body);
    expect(done.reply).toContain('9 am to 6 pm');
    expect(done.sources[0]?.title).toBe('opening-hours.txt');
    expect(done.answeredFromKnowledge).toBe(true);
    expect(done.leadPrompt).toBeNull();

    // The owner asks for the form after two visitor messages.
    const second = events((await ask('And on Sundays?')).body).at(-1)!;
    expect(second).toMatchObject({ type: 'done', leadPrompt: 'message_count' });

    const newcomer = await session(bot.id);
    const unanswered = await widget('POST', `/v1/widget/bots/${bot.id}/messages`, {
      token: newcomer.token,
      payload: { message: 'Do you repair spaceships?' },
    });
    expect(events(unanswered.body).at(-1)).toMatchObject({
      type: 'done',
      answeredFromKnowledge: false,
      leadPrompt: 'unanswered',
    });

    const history = await widget('GET', `/v1/widget/bots/${bot.id}/conversation`, {
      token: visitor.token,
    });
    const conversation = history.json<WidgetConversation>();
    expect(conversation.conversationId).toBe(done.conversationId);
    expect(conversation.messages.map((message) => message.role)).toEqual([
      'visitor',
      'assistant',
      'visitor',
      'assistant',
    ]);
    expect(conversation.messages[1]!.sources[0]?.title).toBe('opening-hours.txt');

    const feedback = await widget(
      'PUT',
      `/v1/widget/bots/${bot.id}/messages/${done.messageId}/feedback`,
      { token: visitor.token, payload: { rating: 'down', comment: 'Too short' } },
    );
    expect(feedback.statusCode, feedback.body).toBe(200);
    const visitorMessageId = conversation.messages[0]!.id;
    const onVisitorMessage = await widget(
      'PUT',
      `/v1/widget/bots/${bot.id}/messages/${visitorMessageId}/feedback`,
      { token: visitor.token, payload: { rating: 'up' } },
    );
    expect(onVisitorMessage.statusCode).toBe(404);
    const stranger = await session(bot.id);
    const othersMessage = await widget(
      'PUT',
      `/v1/widget/bots/${bot.id}/messages/${done.messageId}/feedback`,
      { token: stranger.token, payload: { rating: 'up' } },
    );
    expect(othersMessage.statusCode).toBe(404);
    const reread = await widget('GET', `/v1/widget/bots/${bot.id}/conversation`, {
      token: visitor.token,
    });
    expect(reread.json<WidgetConversation>().messages[1]!.feedback).toBe('down');

    const invalidLead = await widget('POST', `/v1/widget/bots/${bot.id}/leads`, {
      token: visitor.token,
      payload: { name: '', email: 'not-an-email', consent: false },
    });
    expect(invalidLead.statusCode).toBe(400);
    expect(Object.keys(invalidLead.json().error.fields).sort()).toEqual([
      'consent',
      'email',
      'name',
    ]);
    const lead = await widget('POST', `/v1/widget/bots/${bot.id}/leads`, {
      token: visitor.token,
      payload: {
        name: 'Vera Visitor',
        email: 'vera@example.com',
        phone: '+44 20 7946 0000',
        consent: true,
      },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const withLead = await widget('GET', `/v1/widget/bots/${bot.id}/conversation`, {
      token: visitor.token,
    });
    expect(withLead.json<WidgetConversation>().leadCaptured).toBe(true);
    const afterLead = events((await ask('Please call me back')).body).at(-1)!;
    expect(afterLead).toMatchObject({ type: 'done', leadPrompt: null });

    const reset = await widget('DELETE', `/v1/widget/bots/${bot.id}/conversation`, {
      token: visitor.token,
    });
    expect(reset.statusCode).toBe(204);
    const fresh = await widget('GET', `/v1/widget/bots/${bot.id}/conversation`, {
      token: visitor.token,
    });
    expect(fresh.json()).toEqual({ conversationId: null, messages: [], leadCaptured: false });
    const next = events((await ask('Can someone contact me?')).body).at(-1)!;
    if (next.type !== 'done') throw new Error('no answer');
    expect(next.conversationId).not.toBe(done.conversationId);
    expect(next.leadPrompt).toBe('contact_request');
  });

  test('when a question of Han characters alone comes from a Japanese browser, then the answer is framed in Japanese', async () => {
    const bot = await createBot();
    await addTextDocument(
      owner,
      bot.id,
      'eigyo-jikan.txt',
      '営業時間\n\n渋谷店の営業時間は午前10時から午後8時までです。定休日は水曜日です。',
    );
    const ask = (language: string) => firstReply(bot.id, '渋谷店 営業時間', language);
    const japanese = await ask('ja-JP');
    expect(japanese.startsWith('当社の資料より：')).toBe(true);
    expect(japanese).toContain('午前10時から午後8時まで');
    // 渋 and 営 are forms only Japanese writes: Japanese from a Chinese browser too.
    expect((await ask('zh-CN')).startsWith('当社の資料より：')).toBe(true);
  });

  test('when a visitor in Taiwan asks in traditional characters, then the answer is framed in traditional Chinese', async () => {
    const bot = await createBot();
    await addTextDocument(
      owner,
      bot.id,
      'hours.txt',
      '營業時間\n\n台北門市的營業時間是每天上午十點到晚上九點。\n\n退貨須在收到商品後七天內辦理。',
    );
    const ask = (message: string) => firstReply(bot.id, message, 'zh-TW');
    const traditional = await ask('台北門市的營業時間是幾點？');
    expect(traditional.startsWith('根據我們的文件：')).toBe(true);
    expect(traditional).toContain('上午十點到晚上九點');
    // The script of the question decides over the browser's.
    expect((await ask('台北门市的营业时间是几点？')).startsWith('根据我们的文档：')).toBe(true);
    // Nothing in the knowledge answers: the bot's message for that, in traditional characters.
    expect(await ask('你們賣電動腳踏車嗎？')).toMatch(/^抱歉，我還沒有這方面的資訊。/);
  });

  test('when a visitor says not to contact them, then the question is answered and no form is pushed', async () => {
    const bot = await createBot();
    await addTextDocument(
      owner,
      bot.id,
      'opening-hours.txt',
      'Opening hours\n\nThe Harbour Street shop is open from 9 am to 6 pm, Monday to Saturday.',
    );
    const visitor = await session(bot.id);
    const answer = await widget('POST', `/v1/widget/bots/${bot.id}/messages`, {
      token: visitor.token,
      payload: {
        message: "Please don't contact me, just tell me when the Harbour Street shop is open",
      },
    });
    const done = events(answer.body).at(-1)!;
    if (done.type !== 'done') throw new Error(answer.body);
    expect(done.reply).toContain('9 am to 6 pm');
    expect(done.leadPrompt).toBeNull();
  });

  test('when lead capture is off, then no form is offered and a lead is refused', async () => {
    const bot = await createBot({ leadCapture: false });
    const visitor = await session(bot.id);
    const answer = await widget('POST', `/v1/widget/bots/${bot.id}/messages`, {
      token: visitor.token,
      payload: { message: 'Please contact me' },
    });
    expect(events(answer.body).at(-1)).toMatchObject({ type: 'done', leadPrompt: null });
    const lead = await widget('POST', `/v1/widget/bots/${bot.id}/leads`, {
      token: visitor.token,
      payload: { name: 'Vera', email: 'vera@example.com', consent: true },
    });
    expect(lead.statusCode).toBe(403);
  });

  test('when an unknown chunk or a malformed preview is asked for, then nothing is served', async () => {
    for (const url of ['/widget-assets/panel-missing.js', '/widget-assets/..%2Fwidget.js']) {
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const bot = await createBot();
    const preview = await owner.get(`/widget-preview?botId=${bot.id}&theme=dark`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('data-theme="dark"');
    const hostile = await context.app.inject({
      method: 'GET',
      url: '/widget-preview?botId=%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    });
    expect(hostile.statusCode).toBe(400);
  });
});
