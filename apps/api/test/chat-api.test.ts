import type { ApiKey, Bot, ChatResponse, ChatStreamEvent } from '@askwell/shared';
import { sql } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endIdleConversations } from '../src/modules/conversations/conversations.repository';
import { conversationIdleMinutes } from '../src/modules/chat/chat.service';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import {
  addDocument,
  addTextDocument,
  createApiKey,
  createBot,
  settled,
} from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startSmtpSink } from './support/smtp-sink';
import { testdataFile } from './support/testdata';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: BrowserClient;
let stranger: BrowserClient;
let bot: Bot;
let ownerKey: string;
let strangerKey: string;

const returnsPolicy = `Returns and refunds

You can return any unused item within 30 days of delivery for a full refund. Refunds are paid to the original payment method within 5 business days after we receive the parcel.

Shipping

We ship to Germany, Austria and Switzerland. Standard shipping takes 2 to 4 business days and is free for orders over 50 euros.`;

beforeAll(async () => {
  sink = await startSmtpSink();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-chat-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'chat-owner@shop.test', '10.6.0.1');
  stranger = await signUpCustomer(context, sink, 'chat-stranger@other.test', '10.6.0.2');
  bot = await createBot(owner, { name: 'Shop helper', goal: 'support' });
  await addTextDocument(owner, bot.id, 'Returns policy.txt', returnsPolicy);
  ownerKey = (await createApiKey(owner)).secret;
  strangerKey = (await createApiKey(stranger)).secret;
});
afterAll(async () => {
  await context.close();
  await sink.close();
});

function chat(body: unknown, headers: Record<string, string> = {}, key: string | null = ownerKey) {
  return context.app.inject({
    method: 'POST',
    url: '/v1/chat',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as ChatStreamEvent);
}

describe('answers from the knowledge base (no model configured)', () => {
  test('when a visitor asks a question the document answers, then the reply quotes it and cites the document', async () => {
    const response = await chat({
      botId: bot.id,
      message: 'How many days do I have to return an item?',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ChatResponse>();
    expect(body.reply).toMatch(/^From our documents:/);
    expect(body.reply).toContain('within 30 days of delivery');
    expect(body.reply).toContain('[1]');
    expect(body.sources[0]).toMatchObject({ title: 'Returns policy.txt' });
    expect(body.sessionId).toEqual(expect.any(String));
    expect(body.conversationId).toEqual(expect.any(String));
  });

  test('when the answer is in a PDF, then the citation names the document and its page', async () => {
    const pdfBot = await createBot(owner, { name: 'Hydro data', goal: 'information' });
    await addDocument(
      owner,
      pdfBot.id,
      'NHN data model.pdf',
      await testdataFile('docs/pdf/pypdf-GeoBase_NHNC1_Data_Model_UML_EN.pdf'),
    );
    const body = (
      await chat({ botId: pdfBot.id, message: 'Which four packages constitute the NHNC1?' })
    ).json<ChatResponse>();
    expect(body.reply).toContain('Four packages constitute the NHNC1');
    expect(body.sources[0]).toMatchObject({ title: 'NHN data model.pdf', page: 7 });
  });

  test('when the answer is on a crawled web page, then the citation gives the page address', async () => {
    const pages: Record<string, string> = {
      '/': '<html><head><title>Fjord Outdoor</title></head><body><main><h1>Fjord Outdoor</h1><p>Tents, boots and jackets for the north.</p><a href="/delivery.html">Delivery</a></main></body></html>',
      '/delivery.html':
        '<html><head><title>Delivery</title></head><body><main><h1>Delivery</h1><p>We deliver to Norway, Sweden and Finland. Parcels to Norway arrive within three working days.</p></main></body></html>',
    };
    const site = createServer((request, response) => {
      const page = pages[request.url ?? ''];
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const siteBot = await createBot(owner, { name: 'Fjord', goal: 'support' });
      const added = await owner.post(`/api/bots/${siteBot.id}/websites`, {
        url: `${origin}/`,
        maxPages: 5,
      });
      expect(added.statusCode).toBe(201);
      await settled(owner, added.json<{ id: string }>().id);
      const body = (
        await chat({ botId: siteBot.id, message: 'How long does delivery to Norway take?' })
      ).json<ChatResponse>();
      expect(body.reply).toContain('Parcels to Norway arrive within three working days.');
      expect(body.sources[0]).toMatchObject({ url: `${origin}/delivery.html`, page: null });
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  test('when the visitor writes in German, then the knowledge-base answer is introduced in German', async () => {
    const germanBot = await createBot(owner, { name: 'Laden', goal: 'support' });
    await addTextDocument(
      owner,
      germanBot.id,
      'Rückgabe.txt',
      'Rückgabe\n\nSie können jeden unbenutzten Artikel innerhalb von 30 Tagen nach der Lieferung zurückgeben. Die Erstattung erfolgt innerhalb von 5 Werktagen auf das ursprüngliche Zahlungsmittel.',
    );
    const body = (
      await chat({
        botId: germanBot.id,
        message: 'Innerhalb von wie vielen Tagen kann ich einen Artikel zurückgeben?',
      })
    ).json<ChatResponse>();
    expect(body.reply).toMatch(/^Aus unseren Dokumenten:/);
    expect(body.reply).toContain('innerhalb von 30 Tagen');
  });

  test('when nothing in the knowledge is relevant, then the bot answers with its message for unanswered questions', async () => {
    const response = await chat({ botId: bot.id, message: 'Do you sell garden furniture?' });
    const body = response.json<ChatResponse>();
    expect(body.reply).toBe(bot.fallbackMessage);
    expect(body.sources).toEqual([]);
  });

  test('when the session id is sent back, then the conversation continues and both turns are stored in order', async () => {
    const first = (
      await chat({ botId: bot.id, message: 'Which countries do you ship to?' })
    ).json<ChatResponse>();
    const second = (
      await chat({ botId: bot.id, message: 'How long does it take?', sessionId: first.sessionId })
    ).json<ChatResponse>();
    expect(second.conversationId).toBe(first.conversationId);
    expect(second.reply).toContain('2 to 4 business days');
    const rows = await context.database.db.execute<{ role: string; content: string }>(
      sql`select role, content from messages where conversation_id = ${first.conversationId} order by created_at`,
    );
    expect(rows.rows.map((row) => row.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(rows.rows[2]!.content).toBe('How long does it take?');
    const conversation = await context.database.db.execute<{
      message_count: number;
      answered_from_knowledge: boolean;
      channel: string;
      language: string;
    }>(sql`select * from conversations where id = ${first.conversationId}`);
    expect(conversation.rows[0]).toMatchObject({
      message_count: 4,
      answered_from_knowledge: true,
      channel: 'api',
      language: 'en',
    });
  });

  test('when a conversation turns to a subject the knowledge does not hold, then the bot falls back instead of re-answering the previous question', async () => {
    const first = (
      await chat({ botId: bot.id, message: 'Within how many days can I return an item?' })
    ).json<ChatResponse>();
    expect(first.reply).toContain('within 30 days');
    const second = (
      await chat({
        botId: bot.id,
        message: 'Do you sell electric bicycles?',
        sessionId: first.sessionId,
      })
    ).json<ChatResponse>();
    expect(second.reply).toBe(bot.fallbackMessage);
    expect(second.sources).toEqual([]);
  });

  test('when the client asks for a stream, then it gets start, tokens and done as server-sent events', async () => {
    const response = await chat({ botId: bot.id, message: 'When are refunds paid?', stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    expect(events[0]!.type).toBe('start');
    expect(events.filter((event) => event.type === 'token').length).toBeGreaterThan(0);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    const text = events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');
    expect(done.type === 'done' && done.reply).toBe(text);
    expect(text).toContain('5 business days');
  });

  test('when Accept asks for event-stream, then the answer is streamed too', async () => {
    const response = await chat(
      { botId: bot.id, message: 'When are refunds paid?' },
      { accept: 'text/event-stream' },
    );
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(parseEvents(response.body).at(-1)!.type).toBe('done');
  });
});

describe('Q&A pairs', () => {
  const answer = 'Yes: we deliver to Canada in 5 to 7 business days, duties included.';
  let faqBot: Bot;
  beforeAll(async () => {
    faqBot = await createBot(owner, { name: 'FAQ helper', goal: 'support' });
    await addTextDocument(owner, faqBot.id, 'Shipping notes.txt', returnsPolicy);
    const created = await owner.post(`/api/bots/${faqBot.id}/qa`, {
      name: 'Shipping FAQ',
      pairs: [{ question: 'Do you ship to Canada?', answer }],
    });
    expect(created.statusCode).toBe(201);
    await settled(owner, created.json<{ id: string }>().id);
  });

  test('when a visitor asks the stored question in other words, then the reply is the stored answer as written', async () => {
    for (const message of ['Do you ship to Canada?', 'can you ship my order to canada']) {
      const body = (await chat({ botId: faqBot.id, message })).json<ChatResponse>();
      expect(body.reply).toBe(answer);
      expect(body.sources).toEqual([expect.objectContaining({ title: 'Shipping FAQ' })]);
    }
  });

  test('when a question only shares a word with a stored one, then the documents answer instead', async () => {
    const body = (
      await chat({ botId: faqBot.id, message: 'How long does standard shipping take?' })
    ).json<ChatResponse>();
    expect(body.reply).not.toBe(answer);
    expect(body.reply).toContain('2 to 4 business days');
  });
});

describe('conversation records', () => {
  test('when a conversation has been quiet for half an hour, then it is marked ended, and a new message reopens it', async () => {
    const first = (
      await chat({ botId: bot.id, message: 'Which countries do you ship to?' })
    ).json<ChatResponse>();
    await context.database.db.execute(
      sql`update conversations set started_at = now() - interval '40 minutes', last_message_at = now() - interval '31 minutes' where id = ${first.conversationId}`,
    );
    expect(await endIdleConversations(context.database.db, conversationIdleMinutes)).toBe(1);
    const ended = await context.database.db.execute<{ ended_at: Date | null }>(
      sql`select ended_at from conversations where id = ${first.conversationId}`,
    );
    expect(ended.rows[0]!.ended_at).not.toBeNull();

    await chat({ botId: bot.id, message: 'And to France?', sessionId: first.sessionId });
    const reopened = await context.database.db.execute<{
      ended_at: Date | null;
      message_count: number;
    }>(sql`select ended_at, message_count from conversations where id = ${first.conversationId}`);
    expect(reopened.rows[0]).toEqual({ ended_at: null, message_count: 4 });
  });

  test('when the message gives no clue to its language, then the Accept-Language header is recorded', async () => {
    const body = (
      await chat({ botId: bot.id, message: 'Rückgabe?' }, { 'accept-language': 'de-CH,de;q=0.9' })
    ).json<ChatResponse>();
    const row = await context.database.db.execute<{ language: string }>(
      sql`select language from conversations where id = ${body.conversationId}`,
    );
    expect(row.rows[0]!.language).toBe('de');
  });
});

describe('errors of the public API', () => {
  test('when the API key is missing, then 401 with a code and message', async () => {
    const response = await chat({ botId: bot.id, message: 'Hi' }, {}, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      error: { code: 'unauthorized', message: expect.stringContaining('Authorization') },
    });
  });

  test('when the API key is unknown, then 401', async () => {
    const response = await chat(
      { botId: bot.id, message: 'Hi' },
      {},
      'askw_not-a-real-key-000000000000000',
    );
    expect(response.statusCode).toBe(401);
  });

  test('when the key belongs to another customer, then 403 and nothing is stored for the bot', async () => {
    const before = await context.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from conversations where bot_id = ${bot.id}`,
    );
    const response = await chat(
      { botId: bot.id, message: 'How do returns work?' },
      {},
      strangerKey,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
    const after = await context.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from conversations where bot_id = ${bot.id}`,
    );
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
  });

  test('when the bot does not exist, then 404', async () => {
    const response = await chat({ botId: '6f1c0000-0000-4000-8000-000000000000', message: 'Hi' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  test('when a field is missing or wrong, then 400 names it', async () => {
    const missing = await chat({ botId: bot.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { code: 'validation_error', fields: { message: expect.any(String) } },
    });
    const wrongType = await chat({ botId: bot.id, message: 'Hi', stream: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: { fields: { stream: expect.any(String) } } });
  });

  test('when the body is not JSON, then 400', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/v1/chat',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerKey}` },
      payload: '{"botId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  test('when the message is over 4,000 characters, then 413', async () => {
    const response = await chat({ botId: bot.id, message: 'a'.repeat(4001) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  test('when a key is revoked, then it gets 403 from then on', async () => {
    const created = await createApiKey(owner, 'Soon revoked');
    expect((await chat({ botId: bot.id, message: 'Hi' }, {}, created.secret)).statusCode).toBe(200);
    await owner.delete(`/api/api-keys/${created.key.id}`);
    const response = await chat({ botId: bot.id, message: 'Hi' }, {}, created.secret);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { message: 'This API key has been revoked.' } });
  });

  test('when a key is used, then its "last used" time shows in the list', async () => {
    const created = await createApiKey(owner, 'Used once');
    expect(created.key.lastUsedAt).toBeNull();
    expect((await chat({ botId: bot.id, message: 'Hi' }, {}, created.secret)).statusCode).toBe(200);
    let listed: ApiKey | undefined;
    for (let attempt = 0; attempt < 50 && !listed?.lastUsedAt; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = (await owner.get('/api/api-keys'))
        .json<{ keys: ApiKey[] }>()
        .keys.find((key) => key.id === created.key.id);
    }
    expect(listed?.lastUsedAt).toEqual(expect.any(String));
  });

  test('when a browser preflights the API from another site, then CORS allows it', async () => {
    const response = await context.app.inject({
      method: 'OPTIONS',
      url: '/v1/chat',
      headers: {
        origin: 'https://customer.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-headers']).toContain('authorization');
  });
});

describe('failures on our side', () => {
  test('when the database fails mid-answer, then the client gets a plain 500 or error event with no internals', async () => {
    await context.database.db.execute(sql`alter table messages rename to messages_unavailable`);
    try {
      const plain = await chat({ botId: bot.id, message: 'How do returns work?' });
      expect(plain.statusCode).toBe(500);
      expect(plain.json()).toEqual({
        error: {
          code: 'internal_error',
          message: 'Something went wrong on our side. Please try again in a moment.',
        },
      });
      const streamed = await chat({ botId: bot.id, message: 'How do returns work?', stream: true });
      const last = parseEvents(streamed.body).at(-1)!;
      expect(last).toEqual({
        type: 'error',
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again in a moment.',
      });
      for (const body of [plain.body, streamed.body]) {
        expect(body).not.toMatch(/messages|relation|stack|at \w+ \(/i);
      }
    } finally {
      await context.database.db.execute(sql`alter table messages_unavailable rename to messages`);
    }
  });
});

type OpenApiOperation = {
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

async function fetchOpenApiDocument() {
  const response = await context.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApiDocument>();
}

function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : referencesIn(child),
  );
}

describe('OpenAPI document', () => {
  test('when fetched, then it describes the chat API with its key, shapes and errors', async () => {
    const document = await fetchOpenApiDocument();

    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Askwell public chat API');
    expect(document.servers?.[0]?.url).toMatch(/^https?:\/\/[^/]+$/);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const chat = document.paths['/v1/chat']!.post!;
    expect(chat.security).toEqual([{ bearerAuth: [] }]);
    expect(chat.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['botId', 'message'] } } },
    });
    expect(chat.responses['200']).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/ChatResponse' } },
        'text/event-stream': { schema: { $ref: '#/components/schemas/ChatStreamEvent' } },
      },
    });
    for (const status of ['400', '401', '403', '404', '413', '429', '500']) {
      expect(chat.responses[status], status).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
    }
    expect(document.paths['/v1/chat/completions']!.post!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatCompletion' } } },
    });
    expect(document.components.schemas.ChatResponse).toMatchObject({
      required: ['sessionId', 'conversationId', 'reply', 'sources'],
    });
    expect(document.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message'] } },
    });
    for (const reference of referencesIn(document)) {
      expect(document.components.schemas, reference).toHaveProperty(
        reference.replace('#/components/schemas/', ''),
      );
    }
  });

  test('when a /v1 route exists, then the document describes it', async () => {
    const document = await fetchOpenApiDocument();
    const publicRoutes = context.app.routeTable.filter((route) => route.url.startsWith('/v1/'));

    expect(publicRoutes.length).toBeGreaterThan(3);
    for (const route of publicRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(
        document.paths[path]?.[route.method.toLowerCase()],
        `${route.method} ${route.url}`,
      ).toBeDefined();
    }
  });

  // The web app's API reference page is pre-rendered from this copy; `vitest -u` rewrites it.
  test('when the routes change, then the copy the API reference page renders is regenerated', async () => {
    // Without servers: the page shows the origin it is served from.
    const document = { ...(await fetchOpenApiDocument()), servers: undefined };
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot(
      '../../../packages/shared/src/public-api.openapi.json',
    );
  });
});
