import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as schema from '../src/db/schema';
import { chatbots, knowledgeChunks, knowledgeSources, users } from '../src/db/schema';
import { BotIndexCache } from '../src/modules/retrieval/bot-index';
import { indexSections } from '../src/modules/knowledge/ingest-source.job';
import type { SourceRow } from '../src/modules/knowledge/knowledge.repository';
import { createTestApp, type TestContext } from './helper';

let context: TestContext;
let botId: string;
let sources: SourceRow[];

const topics = ['refunds', 'shipping', 'warranty', 'opening hours', 'gift cards', 'repairs'];
const documentText = (n: number) =>
  `Note ${n} about ${topics[n % topics.length]}: customers asked about ${
    topics[(n * 5) % topics.length]
  } and we answered within ${n} days.`;

async function reindex(source: SourceRow, text: string) {
  await indexSections(source, [{ text, heading: source.name }], {
    db: context.database.db,
    progress: async () => undefined,
  });
}

beforeAll(async () => {
  context = await createTestApp({ runWorkers: false });
  const { db } = context.database;
  const userId = `index-${randomUUID()}`;
  await db.insert(users).values({ id: userId, name: 'Index', email: `${userId}@shop.test` });
  const [bot] = await db
    .insert(chatbots)
    .values({ userId, name: 'Index', widgetConfig: {} })
    .returning({ id: chatbots.id });
  botId = bot!.id;
  sources = await db
    .insert(knowledgeSources)
    .values(
      Array.from({ length: 30 }, (_, n) => ({
        botId,
        userId,
        kind: 'document' as const,
        name: `Note ${n}.txt`,
        status: 'processing' as const,
      })),
    )
    .returning();
  for (const [n, source] of sources.entries()) await reindex(source, documentText(n));
});
afterAll(async () => {
  await context.close();
});

const ids = (hits: Array<{ chunkId: string }>) => hits.map((hit) => hit.chunkId);

test('when one document is re-indexed, then the warm index ranks exactly as a fresh load', async () => {
  const warm = new BotIndexCache(context.database.db);
  expect(await warm.rank(botId, 'tandem bicycles', { limit: 5 })).toEqual([]);

  await reindex(sources[7]!, 'Tandem bicycles are rented by the hour, helmets included.');
  const found = await warm.rank(botId, 'tandem bicycles', { limit: 5 });
  expect(found[0]?.sourceId).toBe(sources[7]!.id);
  expect(found[0]?.text).toContain('Tandem bicycles');
  // The document's old text is gone from the warm index.
  const old = await warm.rank(botId, 'note 7 answered within 7 days', { limit: 30 });
  expect(old.map((hit) => hit.text)).not.toContain(documentText(7));

  const fresh = new BotIndexCache(context.database.db);
  for (const question of ['refunds shipping', 'warranty repairs days', 'tandem helmets']) {
    const want = await fresh.rank(botId, question, { limit: 10 });
    const got = await warm.rank(botId, question, { limit: 10 });
    expect(ids(got)).toEqual(ids(want));
  }
});

test('when a follow-up brings the previous question, then it adds passages but keeps the question’s best first', async () => {
  const index = new BotIndexCache(context.database.db);
  const question = 'answered within 4 days?';
  const alone = await index.rank(botId, question, { limit: 5 });
  expect(alone[0]?.text).toContain('Note 4 ');
  const withContext = await index.rank(botId, question, {
    limit: 5,
    previousTurn: 'Can I pay for repairs with gift cards? Gift cards, repairs.',
  });
  expect(withContext[0]?.chunkId).toBe(alone[0]?.chunkId);
  expect(ids(withContext)).not.toEqual(ids(alone));
});

test('when a bot’s chunks change by any statement, not only the knowledge code’s, then the warm index sees it, and deleting a bot with chunks still works', async () => {
  const { db } = context.database;
  const warm = new BotIndexCache(db);
  const question = 'note 12 answered within 12 days';
  expect((await warm.rank(botId, question, { limit: 1 }))[0]?.sourceId).toBe(sources[12]!.id);
  const [before] = await db
    .select({ version: chatbots.indexVersion })
    .from(chatbots)
    .where(eq(chatbots.id, botId));

  await db.delete(knowledgeChunks).where(eq(knowledgeChunks.sourceId, sources[12]!.id));

  const [after] = await db
    .select({ version: chatbots.indexVersion })
    .from(chatbots)
    .where(eq(chatbots.id, botId));
  expect(after!.version).toBeGreaterThan(before!.version);
  const hits = await warm.rank(botId, question, { limit: 30 });
  expect(hits.map((hit) => hit.sourceId)).not.toContain(sources[12]!.id);

  // The cascade from a deleted bot deletes its chunks too, which fires the same trigger.
  const [other] = await db
    .insert(chatbots)
    .values({ userId: sources[0]!.userId, name: 'Doomed', widgetConfig: {} })
    .returning({ id: chatbots.id });
  const [doomedSource] = await db
    .insert(knowledgeSources)
    .values({
      botId: other!.id,
      userId: sources[0]!.userId,
      kind: 'document',
      name: 'Doomed.txt',
      status: 'processing',
    })
    .returning();
  await reindex(doomedSource!, 'This bot is about to be deleted with its passages.');
  await db.delete(chatbots).where(eq(chatbots.id, other!.id));
  expect(
    await db.select().from(knowledgeChunks).where(eq(knowledgeChunks.botId, other!.id)),
  ).toEqual([]);
});

test('when a document is stored while the bot’s index is being built from older rows, then a search that knows the newer version finds it', async () => {
  // The cache reads through a client that answers the chunk-rows query only when released: the
  // build starts from the rows as they were, and the change commits while it waits, as happens
  // when a batch of documents lands during a large bot's build.
  const { db, pool } = context.database;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = () => {};
  const rowsRead = new Promise<void>((resolve) => (answered = resolve));
  let holding = true;
  const gated = {
    query: async (...args: Parameters<typeof pool.query>) => {
      const result = await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      if (holding && /from "knowledge_chunks"/.test(text)) {
        answered();
        await held;
      }
      return result;
    },
  };
  const cache = new BotIndexCache(drizzle(gated as unknown as typeof pool, { schema }));
  const version = async () =>
    (await db.select({ v: chatbots.indexVersion }).from(chatbots).where(eq(chatbots.id, botId)))[0]!
      .v;

  const first = cache.rank(botId, 'penny farthings', { limit: 3, knownVersion: await version() });
  await rowsRead;
  await reindex(sources[20]!, 'Penny farthings are shown in the museum hall on Sundays.');
  const second = cache.rank(botId, 'penny farthings', { limit: 3, knownVersion: await version() });
  holding = false;
  release();

  expect(await first).toEqual([]);
  const found = await second;
  expect(found[0]?.sourceId).toBe(sources[20]!.id);
  expect(found[0]?.text).toContain('Penny farthings');
});
