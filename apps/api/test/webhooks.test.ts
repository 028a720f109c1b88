import {
  botDefaults,
  type Bot,
  type WebhookDelivery,
  type WebhookPayload,
  type WebhookSecret,
  type WebhookSettings,
} from '@askwell/shared';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatbots } from '../src/db/schema';
import { verifyWebhookSignature } from '../src/modules/leads/webhook-signature';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';

type Received = { headers: IncomingHttpHeaders; body: string; answeredWith: number };

// A real HTTP endpoint on loopback standing in for the customer's CRM; it answers with the
// queued status codes first, then 200.
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answeredWith: status,
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/askwell`,
    received,
    answerNext: (...statuses: number[]) => answers.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let bot: Bot;

async function botRow(botId: string) {
  const [row] = await context.database.db.select().from(chatbots).where(eq(chatbots.id, botId));
  return row!;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function deliveries() {
  return (await owner.get(`/api/bots/${bot.id}/webhook`)).json<{
    deliveries: WebhookDelivery[];
  }>().deliveries;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  receiver = await startReceiver();
  context = await createTestApp({
    envVars: { SMTP_URL: sink.url, WEBHOOK_RETRY_DELAY_SECONDS: '1' },
  });
  owner = await signUpCustomer(context, sink, 'owner@hooks.test', '10.7.0.1');
  stranger = await signUpCustomer(context, sink, 'stranger@hooks.test', '10.7.0.2');
  bot = (await owner.post('/api/bots', { ...botDefaults, name: 'Hooked Bot' })).json<Bot>();
});
afterAll(async () => {
  await context?.close();
  await sink?.close();
  await receiver?.close();
});

describe('lead webhooks', () => {
  test('when a URL is set, then a signing secret is generated and can be shown only to the owner', async () => {
    const saved = await owner.put(`/api/bots/${bot.id}/webhook`, { url: receiver.url });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<WebhookSettings>()).toMatchObject({ url: receiver.url, hasSecret: true });

    const secret = await owner.get(`/api/bots/${bot.id}/webhook/secret`);
    expect(secret.json<WebhookSecret>().secret).toMatch(/^whsec_[\w-]{43}$/);
    // Stored encrypted, never as the plain secret.
    const stored = (await botRow(bot.id)).webhookSecretEncrypted!;
    expect(stored).not.toContain(secret.json<WebhookSecret>().secret);

    expect((await stranger.get(`/api/bots/${bot.id}/webhook`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/bots/${bot.id}/webhook/secret`)).statusCode).toBe(404);
    expect(
      (await stranger.put(`/api/bots/${bot.id}/webhook`, { url: 'https://evil.test/' })).statusCode,
    ).toBe(404);
  });

  test('when a new lead arrives and the receiver fails once, then it is retried and the signed delivery is logged', async () => {
    const { secret } = (
      await owner.get(`/api/bots/${bot.id}/webhook/secret`)
    ).json<WebhookSecret>();
    receiver.answerNext(500);
    const before = receiver.received.length;

    const { lead } = await context.app.leads.capture(await botRow(bot.id), {
      name: 'Webhook Wendy',
      email: 'wendy@example.com',
      phone: '+1 555 0199',
      consent: true,
    });

    const delivered = await waitFor(
      deliveries,
      (list) => list.some((item) => item.leadId === lead.id && item.status === 'delivered'),
      'the delivery to succeed',
    );
    const calls = receiver.received.slice(before);
    expect(calls.map((call) => call.answeredWith)).toEqual([500, 200]);
    for (const call of calls) {
      const header = call.headers['askwell-signature'] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(secret, call.body, header)).toBe(true);
      expect(verifyWebhookSignature('whsec_wrong', call.body, header)).toBe(false);
      expect(verifyWebhookSignature(secret, `${call.body} `, header)).toBe(false);
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['askwell-event']).toBe('lead.created');
    }
    const payload = JSON.parse(calls[1]!.body) as WebhookPayload;
    expect(payload).toMatchObject({
      event: 'lead.created',
      bot: { id: bot.id, name: 'Hooked Bot' },
      lead: {
        id: lead.id,
        name: 'Webhook Wendy',
        email: 'wendy@example.com',
        phone: '+1 555 0199',
      },
    });

    const logged = delivered.find((item) => item.leadId === lead.id)!;
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(logged.deliveredAt).not.toBeNull();
  });

  test('when the same visitor leaves their details again, then no second webhook is sent', async () => {
    const before = (await deliveries()).length;
    const again = await context.app.leads.capture(await botRow(bot.id), {
      name: 'Wendy W.',
      email: 'WENDY@example.com',
      consent: true,
    });
    expect(again.created).toBe(false);
    expect((await deliveries()).length).toBe(before);
  });

  test('when the secret is rotated and a test event is sent, then it is signed with the new secret only', async () => {
    const old = (await owner.get(`/api/bots/${bot.id}/webhook/secret`)).json<WebhookSecret>()
      .secret;
    const rotated = await owner.post(`/api/bots/${bot.id}/webhook/secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<WebhookSecret>().secret;
    expect(fresh).not.toBe(old);

    const before = receiver.received.length;
    const sent = await owner.post(`/api/bots/${bot.id}/webhook/test`);
    expect(sent.statusCode).toBe(202);
    const testId = sent.json<WebhookDelivery>().id;
    await waitFor(
      deliveries,
      (list) => list.some((item) => item.id === testId && item.status === 'delivered'),
      'the test event',
    );
    const call = receiver.received[before]!;
    expect(call.headers['askwell-event']).toBe('webhook.test');
    const header = call.headers['askwell-signature'] as string;
    expect(verifyWebhookSignature(fresh, call.body, header)).toBe(true);
    expect(verifyWebhookSignature(old, call.body, header)).toBe(false);
  });

  test('when the receiver keeps failing, then the log shows the last status code and error', async () => {
    receiver.answerNext(503, 503, 503, 503, 503, 503, 503, 503);
    const sent = (await owner.post(`/api/bots/${bot.id}/webhook/test`)).json<WebhookDelivery>();
    const retrying = await waitFor(
      deliveries,
      (list) => list.some((item) => item.id === sent.id && item.attempts >= 2),
      'a failed retry',
    );
    expect(retrying.find((item) => item.id === sent.id)).toMatchObject({
      status: 'retrying',
      lastStatusCode: 503,
      lastError: 'The receiver answered HTTP 503.',
      deliveredAt: null,
    });
  });

  test('when the URL is not http(s) or is removed, then it is refused, retries stop and the test action says why', async () => {
    const ftp = await owner.put(`/api/bots/${bot.id}/webhook`, { url: 'ftp://files.example.com/' });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error.fields.url).toBe(
      'Enter a webhook URL starting with http:// or https://.',
    );

    const cleared = await owner.put(`/api/bots/${bot.id}/webhook`, { url: '' });
    expect(cleared.json<WebhookSettings>().url).toBeNull();
    // The delivery that kept failing stops at its next retry instead of going on for hours.
    const stopped = await waitFor(
      deliveries,
      (list) => list.some((item) => item.lastStatusCode === 503 && item.status === 'failed'),
      'the retries to stop',
    );
    expect(stopped.find((item) => item.lastStatusCode === 503)!.lastError).toBe(
      'The webhook was removed before this delivery succeeded.',
    );
    const test = await owner.post(`/api/bots/${bot.id}/webhook/test`);
    expect(test.statusCode).toBe(400);
    expect(test.json().error.message).toBe('Add a webhook URL before sending a test event.');
  });

  test('when private networks are not allowed (production), then a loopback webhook URL is refused', async () => {
    const production = await createTestApp({
      envVars: { SMTP_URL: sink.url, CRAWL_PRIVATE_NETWORKS: 'false' },
    });
    try {
      const customer = await signUpCustomer(production, sink, 'prod@hooks.test', '10.7.0.3');
      const prodBot = (
        await customer.post('/api/bots', { ...botDefaults, name: 'Prod Bot' })
      ).json<Bot>();
      const refused = await customer.put(`/api/bots/${prodBot.id}/webhook`, {
        url: receiver.url,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.url).toBe(
        'This webhook URL points to a private network address, which is not allowed.',
      );
    } finally {
      await production.close();
    }
  });
});
