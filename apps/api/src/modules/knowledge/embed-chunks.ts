import { embedMany } from 'ai';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeChunks } from '../../db/schema';
import { embeddingInput, type Embedder } from '../retrieval/embedder';

const batchSize = 64;
const batchTimeoutMs = 60_000;

// Embeds the chunks of a source that have no vector from this embedder yet (all of a
// re-indexed document, only the changed pages of a website) and bumps the bot's index version
// so every instance loads them.
export async function embedSourceChunks(
  db: Database,
  embedder: Embedder,
  source: { id: string; botId: string },
) {
  const missing = await db
    .select({
      id: knowledgeChunks.id,
      heading: knowledgeChunks.heading,
      text: knowledgeChunks.text,
    })
    .from(knowledgeChunks)
    .where(
      sql`${knowledgeChunks.sourceId} = ${source.id} and (${knowledgeChunks.embedding} is null or ${knowledgeChunks.embeddingModel} is distinct from ${embedder.label})`,
    )
    .orderBy(knowledgeChunks.ordinal);
  if (missing.length === 0) return 0;
  const vectors: Array<{ id: string; embedding: number[] }> = [];
  for (let start = 0; start < missing.length; start += batchSize) {
    const batch = missing.slice(start, start + batchSize);
    const { embeddings } = await embedMany({
      model: embedder.model,
      values: batch.map((chunk) => embeddingInput(chunk.heading, chunk.text)),
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(batchTimeoutMs),
    });
    batch.forEach((chunk, i) => vectors.push({ id: chunk.id, embedding: embeddings[i]! }));
  }
  // A chunk replaced meanwhile is simply not found; its replacement is embedded next time.
  await db.execute(sql`
    update ${knowledgeChunks} as c set embedding = v.embedding, embedding_model = ${embedder.label}
    from jsonb_to_recordset(${JSON.stringify(vectors)}::jsonb) as v(id uuid, embedding real[])
    where c.id = v.id`);
  return vectors.length;
}

// Which sources of a bot have chunks without a vector from this embedder.
export async function sourcesMissingEmbeddings(db: Database, botId: string, label: string) {
  const rows = await db
    .selectDistinct({ sourceId: knowledgeChunks.sourceId })
    .from(knowledgeChunks)
    .where(
      sql`${knowledgeChunks.botId} = ${botId} and (${knowledgeChunks.embedding} is null or ${knowledgeChunks.embeddingModel} is distinct from ${label})`,
    );
  return new Set(rows.map((row) => row.sourceId));
}
