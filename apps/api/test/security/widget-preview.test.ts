import { botDefaults, type Bot, type RefusedOrigin, type WidgetBotConfig } from '@askwell/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upsertStaffAccount } from '../../src/modules/auth/staff-accounts';
import { createTestApp, type TestContext } from '../helper';
import { BrowserClient } from '../support/browser-client';
import { signUpCustomer } from '../support/customers';
import { startSmtpSink } from '../support/smtp-sink';

// Askwell's own origin previews a bot without its allowed domains, so only the bot's owner (or
// staff) may use it; and the refused-origin list an owner sees with an Allow button must not be
// something a stranger can fill with lures.

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let staff: BrowserClient;

const refusal = { code: 'origin_not_allowed', message: 'Chat is not available on this site.' };

beforeAll(async () => {
  sink = await startSmtpSink();
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url },
    widgetLimits: { addressRequests: 1000 },
  });
  owner = await signUpCustomer(context, sink, 'preview-owner@shop.test', '10.8.0.1');
  stranger = await signUpCustomer(context, sink, 'preview-stranger@shop.test', '10.8.0.2');
  const password = 'staff password 123';
  await upsertStaffAccount(context.app.auth, context.database.db, {
    email: 'support@askwell.test',
    password,
    role: 'support_team',
    name: 'Support Person',
  });
  staff = new BrowserClient(context.app, '10.8.0.3');
  const signIn = await staff.post('/api/auth/sign-in/email', {
    email: 'support@askwell.test',
    password,
  });
  expect(signIn.statusCode).toBe(200);
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

async function createBot(allowedDomains: string[] = []) {
  const response = await owner.post('/api/bots', {
    ...botDefaults,
    name: 'Preview bot',
    allowedDomains,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Bot>();
}

// The widget's requests from Askwell's own page: same origin, so cookies go along.
function ownPage(who: BrowserClient | null, url: string, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: {
      host: 'localhost',
      ...(who && who.hasSession() ? { cookie: who.cookieHeader() } : {}),
      ...headers,
    },
  });
}

function fromSite(botId: string, origin: string) {
  return context.app.inject({
    method: 'GET',
    url: `/v1/widget/bots/${botId}/config`,
    headers: { origin },
  });
}

describe('preview on Askwell’s own origin', () => {
  test('when a stranger or nobody opens the preview page of a bot, then it is refused like any other site; its owner and staff get it', async () => {
    const bot = await createBot();
    const page = `/widget-preview?botId=${bot.id}`;

    for (const who of [null, stranger]) {
      const refused = await ownPage(who, page);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual(refusal);
    }
    for (const who of [owner, staff]) {
      const served = await ownPage(who, page);
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain(`data-bot-id="${bot.id}"`);
    }
    const unknown = await ownPage(
      owner,
      '/widget-preview?botId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.json().error).toEqual(refusal);
  });

  test('when a stranger calls the widget from Askwell’s origin (Origin or Sec-Fetch-Site), then it gets the same refusal as another site', async () => {
    const bot = await createBot();
    const config = `/v1/widget/bots/${bot.id}/config`;
    const elsewhere = await fromSite(bot.id, 'https://elsewhere.test');
    expect(elsewhere.statusCode).toBe(403);

    const ownOriginHeaders: Array<Record<string, string>> = [
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of ownOriginHeaders) {
      for (const who of [null, stranger]) {
        const refused = await ownPage(who, config, headers);
        expect(refused.statusCode).toBe(elsewhere.statusCode);
        expect(refused.json()).toEqual(elsewhere.json());
      }
      const previewed = await ownPage(owner, config, headers);
      expect(previewed.statusCode).toBe(200);
      expect(previewed.json<WidgetBotConfig>().preview).toBe(true);
      const byStaff = await ownPage(staff, config, headers);
      expect(byStaff.json<WidgetBotConfig>().preview).toBe(true);
    }

    const session = await context.app.inject({
      method: 'POST',
      url: `/v1/widget/bots/${bot.id}/sessions`,
      headers: { host: 'localhost', origin: 'http://localhost', cookie: stranger.cookieHeader() },
      payload: {},
    });
    expect(session.statusCode).toBe(403);
  });

  test('when a stranger is refused on Askwell’s origin, then Askwell itself is not offered to the owner as a site to allow', async () => {
    const bot = await createBot();
    await ownPage(stranger, `/v1/widget/bots/${bot.id}/config`, { origin: 'http://localhost' });

    const list = await owner.get(`/api/bots/${bot.id}/refused-origins`);
    expect(list.json<RefusedOrigin[]>()).toEqual([]);
  });
});

describe('the refused-origin list', () => {
  test('when one site is refused repeatedly, then it is one entry with its count and first and last time seen', async () => {
    const bot = await createBot(['shop.test']);
    for (let i = 0; i < 4; i++) {
      expect((await fromSite(bot.id, 'https://lookalike-shop.test')).statusCode).toBe(403);
    }

    const list = (await owner.get(`/api/bots/${bot.id}/refused-origins`)).json<RefusedOrigin[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ origin: 'https://lookalike-shop.test', refusals: 4 });
    expect(Date.parse(list[0]!.lastSeenAt)).toBeGreaterThan(Date.parse(list[0]!.firstSeenAt));
  });

  test('when a stranger sends many different origins, then only a few new ones per hour reach the list and a known one is still counted', async () => {
    const bot = await createBot(['shop.test']);
    for (let i = 0; i < 30; i++) await fromSite(bot.id, `https://lure-${i}.test`);
    await fromSite(bot.id, 'https://lure-0.test');

    const list = (await owner.get(`/api/bots/${bot.id}/refused-origins`)).json<RefusedOrigin[]>();
    expect(list).toHaveLength(10);
    expect(list.map((item) => item.origin)).not.toContain('https://lure-10.test');
    expect(list.find((item) => item.origin === 'https://lure-0.test')?.refusals).toBe(2);
  });

  test('when more origins than the cap are refused, then the list keeps the 20 seen most recently', async () => {
    const generous = await createTestApp({
      envVars: { SMTP_URL: sink.url },
      widgetLimits: { addressRequests: 1000, newRefusedOriginsPerHour: 1000 },
    });
    try {
      const boss = await signUpCustomer(generous, sink, 'cap-owner@shop.test', '10.8.1.1');
      const bot = (
        await boss.post('/api/bots', { ...botDefaults, name: 'Cap bot', allowedDomains: [] })
      ).json<Bot>();
      for (let i = 0; i < 25; i++) {
        await generous.app.inject({
          method: 'GET',
          url: `/v1/widget/bots/${bot.id}/config`,
          headers: { origin: `https://site-${i}.test` },
        });
      }
      const list = (await boss.get(`/api/bots/${bot.id}/refused-origins`)).json<RefusedOrigin[]>();
      expect(list).toHaveLength(20);
      expect(list[0]!.origin).toBe('https://site-24.test');
      expect(list.map((item) => item.origin)).not.toContain('https://site-4.test');
    } finally {
      await generous.close();
    }
  });

  test('when the owner allows or dismisses an origin, then it leaves the list; another account cannot read or change it', async () => {
    const bot = await createBot(['shop.test']);
    await fromSite(bot.id, 'https://blog.example.test');
    await fromSite(bot.id, 'https://spam.test');

    expect((await stranger.get(`/api/bots/${bot.id}/refused-origins`)).statusCode).toBe(404);
    const foreign = await stranger.delete(
      `/api/bots/${bot.id}/refused-origins?origin=${encodeURIComponent('https://spam.test')}`,
    );
    expect(foreign.statusCode).toBe(404);

    const dismissed = await owner.delete(
      `/api/bots/${bot.id}/refused-origins?origin=${encodeURIComponent('https://spam.test')}`,
    );
    expect(dismissed.statusCode).toBe(204);
    const allowed = await owner.put(`/api/bots/${bot.id}`, {
      ...botInput(bot),
      allowedDomains: ['shop.test', 'blog.example.test'],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);

    const list = (await owner.get(`/api/bots/${bot.id}/refused-origins`)).json<RefusedOrigin[]>();
    expect(list).toEqual([]);
  });
});

function botInput(bot: Bot) {
  const input: Record<string, unknown> = { ...bot };
  for (const key of ['id', 'createdAt', 'updatedAt', 'lastRefusedAt', 'lastRefusedOrigin']) {
    delete input[key];
  }
  return input;
}
