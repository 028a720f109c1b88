import type { Bot, KnowledgeHit } from '@askwell/shared';
import { botDefaults } from '@askwell/shared';
import { eq, sql } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatbots } from '../src/db/schema';
import { BotIndexCache } from '../src/modules/retrieval/bot-index';
import { createTestApp, type TestContext } from './helper';
import type { BrowserClient } from './support/browser-client';
import { addTextDocument, settled } from './support/chat-fixtures';
import { signUpCustomer } from './support/customers';
import { startEmbeddingServer } from './support/embedding-server';
import { startOpenAiCompatibleServer } from './support/openai-compatible-server';
import { startSmtpSink } from './support/smtp-sink';

let context: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let embeddings: Awaited<ReturnType<typeof startEmbeddingServer>>;
let owner: BrowserClient;
let bot: Bot;
let refundsId: string;

const refunds = `Refund policy

We refund every order in full within 30 days of purchase. Send the unused items back together with the receipt and the refund reaches your card within a week.`;
const shipping = `Shipping

Parcels leave our warehouse in Leipzig within two working days. Orders above 50 euros travel free of charge.`;
const hours = `Opening hours

Our shop is open from 9 am to 6 pm on weekdays and from 10 am to 4 pm on Saturdays.`;
const warranty = `Warranty

Every bicycle carries a warranty of two years on frame and gears, counted from the day of purchase.`;

beforeAll(async () => {
  sink = await startSmtpSink();
  embeddings = await startEmbeddingServer();
  const dataDir = path.join(
    process.env.TMPDIR ?? '/tmp',
    `askwell-dense-${process.pid}-${Date.now()}`,
  );
  context = await createTestApp({ envVars: { SMTP_URL: sink.url, DATA_DIR: dataDir } });
  owner = await signUpCustomer(context, sink, 'dense-owner@shop.test', '10.9.0.1');
  await useEmbeddingEndpoint(true);
  const created = await owner.post('/api/bots', { ...botDefaults, name: 'Bike shop' });
  expect(created.statusCode).toBe(201);
  bot = created.json<Bot>();
  refundsId = (await addTextDocument(owner, bot.id, 'Refunds.txt', refunds)).id;
  await addTextDocument(owner, bot.id, 'Shipping.txt', shipping);
  await addTextDocument(owner, bot.id, 'Opening hours.txt', hours);
});
afterAll(async () => {
  await context.close();
  await embeddings.close();
  await sink.close();
});

async function useEmbeddingEndpoint(on: boolean) {
  const saved = await owner.put('/api/settings', {
    customEndpoint: embeddings.url,
    defaultModel: 'local-model',
    useCustomEndpoint: on,
  });
  expect(saved.statusCode).toBe(200);
}

async function search(q: string) {
  const response = await owner.get(`/api/bots/${bot.id}/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode).toBe(200);
  return response.json<KnowledgeHit[]>();
}

// The same chunks searched by their words alone, as before dense retrieval existed.
function lexicalOnly(q: string) {
  return new BotIndexCache(context.database.db).search(bot.id, q, 5);
}

async function embeddedChunks(sourceId: string) {
  const result = await context.database.db.execute<{ embedded: number; total: number }>(sql`
    select count(embedding)::int as embedded, count(*)::int as total
    from knowledge_chunks where source_id = ${sourceId}`);
  return result.rows[0]!;
}

describe('dense retrieval next to lexical', () => {
  test('when the owner has an embedding endpoint, then indexed chunks carry vectors', async () => {
    const counts = await embeddedChunks(refundsId);
    expect(counts.total).toBeGreaterThan(0);
    expect(counts.embedded).toBe(counts.total);
  });

  test('when a question shares no word with the passage, then only the dense side finds it', async () => {
    const question = 'reimbursement rules';
    expect((await lexicalOnly(question)).map((hit) => hit.sourceId)).not.toContain(refundsId);
    const hits = await search(question);
    expect(hits[0]?.sourceId).toBe(refundsId);
    expect(hits[0]?.text).toContain('We refund every order');
  });

  test('when a question names its words, then the lexical best passage still leads', async () => {
    const question = 'warehouse Leipzig';
    const hits = await search(question);
    expect(hits[0]?.text).toContain('Parcels leave our warehouse');
    expect(hits[0]?.chunkId).toBe((await lexicalOnly(question))[0]?.chunkId);
  });

  test('when no embedding provider is configured, then results are exactly the lexical ones', async () => {
    await useEmbeddingEndpoint(false);
    try {
      for (const question of ['reimbursement rules', 'refund receipt', 'open on Saturdays']) {
        expect(await search(question)).toEqual(await lexicalOnly(question));
      }
    } finally {
      await useEmbeddingEndpoint(true);
    }
  });

  test('when the embedding server fails, then the document still completes and is searchable, and Start Training adds its vectors later', async () => {
    embeddings.state.failing = true;
    let warrantyId: string;
    try {
      const source = await addTextDocument(owner, bot.id, 'Warranty.txt', warranty);
      warrantyId = source.id;
      expect(source.status).toBe('completed');
      expect((await embeddedChunks(warrantyId)).embedded).toBe(0);
      const hits = await search('warranty on the frame');
      expect(hits[0]?.sourceId).toBe(warrantyId);
      expect(hits).toEqual(await lexicalOnly('warranty on the frame'));
    } finally {
      embeddings.state.failing = false;
    }

    expect((await search('guarantee')).map((hit) => hit.sourceId)).not.toContain(warrantyId);
    const training = await owner.post(`/api/bots/${bot.id}/training`, {});
    expect(training.statusCode).toBe(202);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const counts = await embeddedChunks(warrantyId);
      if (counts.total > 0 && counts.embedded === counts.total) break;
      if (Date.now() > deadline) throw new Error('Start Training did not embed the chunks');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await settled(owner, warrantyId)).status).toBe('completed');
    expect((await search('guarantee'))[0]?.sourceId).toBe(warrantyId);
    // The index was rebuilt around the new vectors; the earlier ones are still found.
    expect((await search('reimbursement rules'))[0]?.sourceId).toBe(refundsId);
  });
});

describe('answers from passages found by meaning', () => {
  test('when a visitor paraphrases with no word of the passage, then the model is given it and the answer cites it', async () => {
    const model = await startOpenAiCompatibleServer({ embeddings: true });
    try {
      const other = await signUpCustomer(context, sink, 'dense-chat@shop.test', '10.9.0.2');
      const saved = await other.put('/api/settings', {
        customEndpoint: model.url,
        defaultModel: 'local-model',
        useCustomEndpoint: true,
      });
      expect(saved.statusCode).toBe(200);
      const chatBot = (
        await other.post('/api/bots', { ...botDefaults, name: 'Refund desk' })
      ).json<Bot>();
      await addTextDocument(other, chatBot.id, 'Refunds.txt', refunds);
      await addTextDocument(other, chatBot.id, 'Opening hours.txt', hours);
      const [row] = await context.database.db
        .select()
        .from(chatbots)
        .where(eq(chatbots.id, chatBot.id));

      const turn = await context.app.chat.reply({
        bot: row!,
        message: 'reimbursement rules?',
        channel: 'api',
      });

      const prompt = JSON.stringify(model.lastChatRequest()?.body.messages ?? []);
      expect(prompt).toContain('We refund every order in full within 30 days');
      expect(turn.answerer).toContain('local-model');
      expect(turn.sources.map((source) => source.title)).toContain('Refunds.txt');
    } finally {
      await model.close();
    }
  });
});
