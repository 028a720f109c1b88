import type {
  TicketDetail,
  Bot,
  ChatResponse,
  LeadList,
  WidgetConversation,
  WidgetSession,
} from '@askwell/shared';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { expect } from 'vitest';
import { raiseAccountNotice } from '../../../src/modules/notifications/notifications.repository';
import type { RouteEntry } from '../../../src/plugins/route-table';
import { createTestApp, type TestContext } from '../../helper';
import type { BrowserClient } from '../../support/browser-client';
import { addTextDocument, createApiKey, createBot } from '../../support/chat-fixtures';
import { signUpCustomer } from '../../support/customers';
import { startSmtpSink } from '../../support/smtp-sink';

// Everything one customer owns, one object of each kind a route can take an id of.
export type Tenant = {
  browser: BrowserClient;
  origin: string;
  bot: Bot;
  apiKey: { id: string; secret: string };
  widget: WidgetSession;
  ids: Record<string, string>;
  // Texts only this tenant's objects contain: another account's response must never show one.
  markers: string[];
};

export type TwoAccounts = {
  context: TestContext;
  alpha: Tenant;
  beta: Tenant;
  close: () => Promise<void>;
};

export async function createTwoAccounts(): Promise<TwoAccounts> {
  const sink = await startSmtpSink();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-security-${process.pid}-${Date.now()}`,
  );
  const context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  const alpha = await createTenant(context, sink, 'alpha', '10.77.0.1');
  const beta = await createTenant(context, sink, 'beta', '10.77.0.2');
  return {
    context,
    alpha,
    beta,
    close: async () => {
      await context.close();
      await sink.close();
    },
  };
}

async function createTenant(
  context: TestContext,
  sink: Awaited<ReturnType<typeof startSmtpSink>>,
  name: 'alpha' | 'beta',
  ip: string,
): Promise<Tenant> {
  const word = `${name}zebracorn${ip.replaceAll('.', '')}`;
  const origin = `https://www.${name}-shop.test`;
  const browser = await signUpCustomer(context, sink, `owner@${name}-shop.test`, ip);
  const bot = await createBot(browser, {
    name: `${word} bot`,
    goal: 'lead_generation',
    allowedDomains: [`*.${name}-shop.test`],
  });
  const source = await addTextDocument(
    browser,
    bot.id,
    `${word} handbook.txt`,
    `The ${word} warranty lasts seven years. Returns of a ${word} are free within 30 days.`,
  );
  const key = await createApiKey(browser, `${word} key`);
  const keyId = key.key.id;
  const webhook = await browser.put(`/api/bots/${bot.id}/webhook`, {
    // Loopback resolves without DNS; nothing is delivered to it in these suites.
    url: `http://127.0.0.1:9/hooks/${word}`,
  });
  expect(webhook.statusCode, webhook.body).toBe(200);

  const widgetRequest = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    context.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const session = await widgetRequest('POST', `/v1/widget/bots/${bot.id}/sessions`, undefined, {});
  expect(session.statusCode, session.body).toBe(201);
  const widget = session.json<WidgetSession>();
  const asked = await widgetRequest('POST', `/v1/widget/bots/${bot.id}/messages`, widget.token, {
    message: `How long is the ${word} warranty?`,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const conversation = (
    await widgetRequest('GET', `/v1/widget/bots/${bot.id}/conversation`, widget.token)
  ).json<WidgetConversation>();
  const answer = conversation.messages.find((message) => message.role === 'assistant');
  expect(answer, 'the widget conversation has an answer').toBeDefined();
  const lead = await widgetRequest('POST', `/v1/widget/bots/${bot.id}/leads`, widget.token, {
    name: `${word} Visitor`,
    email: `visitor@${name}-shop.test`,
    phone: '',
    consent: true,
  });
  expect(lead.statusCode, lead.body).toBe(201);

  const apiChat = await context.app.inject({
    method: 'POST',
    url: '/v1/chat',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${key.secret}` },
    payload: { botId: bot.id, message: `Are ${word} returns free?` },
  });
  expect(apiChat.statusCode, apiChat.body).toBe(200);

  const leads = (await browser.get('/api/leads')).json<LeadList>();
  expect(leads.leads).toHaveLength(1);
  // An alert of the account's own (a failing model), the kind of system notification that names
  // an account; only staff notices can be withdrawn, by staff.
  const owner = await context.database.db.execute<{ id: string }>(
    sql`select id from users where email = ${`owner@${name}-shop.test`}`,
  );
  // A staff role other than super_admin, for the routes that edit a role's permissions.
  const role = await context.database.db.execute<{ id: string }>(
    sql`select id from admin_roles where name = 'support_team'`,
  );
  const notice = await raiseAccountNotice(context.database.db, {
    userId: owner.rows[0]!.id,
    key: `model:${word}`,
    severity: 'error',
    message: `The model of ${word} failed`,
    link: null,
  });
  const ticket = await browser.post('/api/tickets', {
    subject: `${word} refund question`,
    message: `Where is my ${word} refund?`,
    bot_id: bot.id,
  });
  expect(ticket.statusCode, ticket.body).toBe(201);
  return {
    browser,
    origin,
    bot,
    apiKey: { id: keyId, secret: key.secret },
    widget,
    ids: {
      botId: bot.id,
      sourceId: source.id,
      keyId,
      leadId: leads.leads[0]!.id,
      conversationId: conversation.conversationId!,
      visitorId: widget.visitorId,
      messageId: answer!.id,
      sessionId: apiChat.json<ChatResponse>().sessionId,
      noticeId: notice.id,
      // The owner's account, for the staff routes that act on an account.
      userId: owner.rows[0]!.id,
      ticketNumber: String(ticket.json<TicketDetail>().number),
      roleId: role.rows[0]!.id,
    },
    markers: [word, `visitor@${name}-shop.test`],
  };
}

// The URL of a route with each `:param` taken from `ids`; undefined names a parameter that no
// fixture covers, which the suites report instead of silently skipping the route.
export function fillParams(route: RouteEntry, ids: Record<string, string>, query = '') {
  const missing = route.params.filter((param) => !(param in ids));
  if (missing.length > 0) return { missing, url: undefined };
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) => ids[name]!);
  return { missing, url: query ? `${url}?${query}` : url };
}

export function isApiRoute(route: RouteEntry) {
  return /^\/(api|v1)(\/|$)/.test(route.url) && !route.url.includes('*');
}

// The credentials a tenant's own caller of a route sends, by the route's declared access: the
// widget its visitor token from its own site, the public API its key; null for the signed-in
// owner in the browser.
export function callerHeaders(tenant: Tenant, access: RouteEntry['access']) {
  switch (access) {
    case 'widgetPage':
    case 'widgetSession':
      return { origin: tenant.origin, authorization: `Bearer ${tenant.widget.token}` };
    case 'apiKey':
      return { authorization: `Bearer ${tenant.apiKey.secret}` };
    default:
      return null;
  }
}

// A route called the way the tenant's own caller calls it.
export function callAs(
  context: TestContext,
  tenant: Tenant,
  route: Pick<RouteEntry, 'method' | 'access'>,
  url: string,
  payload?: unknown,
) {
  const headers = callerHeaders(tenant, route.access);
  if (!headers) return tenant.browser.request(route.method as 'GET', url, payload);
  return context.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
