import type { Bot, ChatResponse, ConnectionTestResult, WebhookDelivery } from '@askwell/shared';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../helper';
import type { BrowserClient } from '../support/browser-client';
import { addTextDocument, createApiKey, createBot } from '../support/chat-fixtures';
import { signUpCustomer } from '../support/customers';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startSmtpSink } from '../support/smtp-sink';

// Outbound calls to customer-supplied URLs, as an attacker would aim them at the server's own
// machine. Names are resolved by a test resolver (no DNS): a "rebinding" name answers with a
// public address for the first lookup and with loopback for every later one, which is what a
// hostile DNS server does to slip past a check-then-connect client.

type Rebinding = { lookups: string[]; resolve: (name: string) => Promise<string[]> };

function rebindingResolver(publicFirst: number): Rebinding {
  const lookups: string[] = [];
  return {
    lookups,
    resolve: async (name) => {
      lookups.push(name);
      if (name.endsWith('.loopback.test')) return ['127.0.0.1'];
      return lookups.filter((item) => item === name).length <= publicFirst
        ? ['93.184.216.34']
        : ['127.0.0.1'];
    },
  };
}

async function startRecorder() {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
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

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let inside: Awaited<ReturnType<typeof startRecorder>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  inside = await startRecorder();
});
afterAll(async () => {
  await inside.close();
  await sink.close();
});

describe('in production mode (private networks refused)', () => {
  let context: TestContext;
  let owner: BrowserClient;
  let bot: Bot;
  const dns = rebindingResolver(1);

  beforeAll(async () => {
    context = await createTestApp({
      envVars: {
        SMTP_URL: sink.url,
        CRAWL_PRIVATE_NETWORKS: 'false',
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
        CHAT_PROVIDER_TIMEOUT_MS: '1500',
        DATA_DIR: path.join(process.env.TMPDIR ?? '/tmp', `askwell-ssrf-${process.pid}`),
      },
      outboundResolve: dns.resolve,
    });
    owner = await signUpCustomer(context, sink, 'ssrf-owner@shop.test', '10.9.0.1');
    bot = await createBot(owner, { name: 'Outbound bot' });
  });
  afterAll(async () => {
    await context.close();
  });

  test('when a webhook name resolved to a public address when saved and to loopback later, then no delivery reaches loopback', async () => {
    const url = `http://hooks.rebind.test:${inside.port}/askwell`;
    const saved = await owner.put(`/api/bots/${bot.id}/webhook`, { url });
    expect(saved.statusCode).toBe(200);

    const sent = await owner.post(`/api/bots/${bot.id}/webhook/test`);
    expect(sent.statusCode).toBeLessThan(300);
    const delivery = await waitFor(
      async () =>
        (await owner.get(`/api/bots/${bot.id}/webhook`)).json<{ deliveries: WebhookDelivery[] }>()
          .deliveries[0],
      (item) => item?.status === 'failed',
      'the delivery to fail',
    );

    expect(delivery!.lastError).toBe(`hooks.rebind.test resolves to non-public address 127.0.0.1`);
    expect(inside.hits).toEqual([]);
  });

  test('when a webhook URL is a mapped or NAT64 form of loopback, then it is refused when saved', async () => {
    for (const host of ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[64:ff9b::7f00:1]', '0.0.0.0']) {
      const refused = await owner.put(`/api/bots/${bot.id}/webhook`, {
        url: `http://${host}:${inside.port}/askwell`,
      });
      expect(refused.statusCode, host).toBe(400);
      expect(refused.json().error.fields.url, host).toBe(
        'This webhook URL points to a private network address, which is not allowed.',
      );
    }
    expect(inside.hits).toEqual([]);
  });

  test('when the custom model endpoint later resolves to loopback, then chat, embeddings and test connection never reach it', async () => {
    const model = await startOpenAiCompatibleServer({ embeddings: true });
    try {
      const port = new URL(model.url).port;
      const saved = await owner.put('/api/settings', {
        customEndpoint: `http://llm.rebind.test:${port}/v1`,
        defaultModel: 'local-model',
        useCustomEndpoint: true,
      });
      expect(saved.statusCode).toBe(200);

      await addTextDocument(
        owner,
        bot.id,
        'Opening hours.txt',
        'Opening hours\n\nOur shop is open from 9 am to 6 pm on weekdays.',
      );
      const apiKey = (await createApiKey(owner)).secret;
      const reply = await context.app.inject({
        method: 'POST',
        url: '/v1/chat',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        payload: JSON.stringify({ botId: bot.id, message: 'When is the shop open?' }),
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json<ChatResponse>().reply).toContain('9 am to 6 pm');

      const tested = await owner.post('/api/settings/test-connection', { provider: 'custom' });
      expect(tested.statusCode).toBe(400);
      expect(tested.json().error.fields.customEndpoint).toBe(
        'This address is on a private network, which this installation does not allow.',
      );

      expect(model.requests).toEqual([]);
    } finally {
      await model.close();
    }
  });
});

describe('in development mode (loopback allowed)', () => {
  let context: TestContext;
  let owner: BrowserClient;

  beforeAll(async () => {
    context = await createTestApp({
      envVars: { SMTP_URL: sink.url, CRAWL_PRIVATE_NETWORKS: 'true' },
      outboundResolve: rebindingResolver(0).resolve,
    });
    owner = await signUpCustomer(context, sink, 'ssrf-dev@shop.test', '10.9.0.2');
  });
  afterAll(async () => {
    await context.close();
  });

  test('when the custom endpoint redirects to another loopback service, then the redirect is not followed', async () => {
    const front = createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${inside.port}/v1/models` }).end();
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const port = (front.address() as AddressInfo).port;
      const saved = await owner.put('/api/settings', {
        customEndpoint: `http://llm.loopback.test:${port}/v1`,
      });
      expect(saved.statusCode).toBe(200);

      const tested = (
        await owner.post('/api/settings/test-connection', { provider: 'custom' })
      ).json<ConnectionTestResult>();

      expect(tested).toEqual({
        ok: false,
        message:
          'The custom endpoint answered with a redirect (HTTP 307), which is not followed. Enter the address it redirects to as the Custom endpoint URL.',
      });
      expect(inside.hits).toEqual([]);
    } finally {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
    }
  });

  test('when metadata or unspecified addresses are named, then they are refused even in development', async () => {
    const bot = await createBot(owner, { name: 'Dev bot' });
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://0.0.0.0:8080/']) {
      const refused = await owner.put(`/api/bots/${bot.id}/webhook`, { url });
      expect(refused.statusCode, url).toBe(400);
    }
  });
});
