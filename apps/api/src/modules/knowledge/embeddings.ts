import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embed, embedMany, type EmbeddingModel } from 'ai';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeChunks } from '../../db/schema';
import type { ProviderSettings } from '../settings/settings.service';
import { bumpIndexVersion } from './knowledge.repository';

// `label` names the model and where it runs; vectors are only compared with vectors of the
// same label.
export type Embedder = { model: EmbeddingModel; label: string };

export const openAiEmbeddingModel = 'text-embedding-3-small';

// Dense retrieval needs the owner's OpenAI key or their custom OpenAI-compatible endpoint (which
// serves `customModel`); the other providers' keys do not embed.
export function resolveEmbedder(settings: ProviderSettings, customModel: string): Embedder | null {
  if (settings.useCustomEndpoint && settings.customEndpoint) {
    const provider = createOpenAICompatible({
      name: 'custom',
      baseURL: settings.customEndpoint,
      ...(settings.keys.customApiKey ? { apiKey: settings.keys.customApiKey } : {}),
    });
    return {
      model: provider.embeddingModel(customModel),
      label: `custom:${settings.customEndpoint}#${customModel}`,
    };
  }
  const apiKey = settings.keys.openai;
  if (!apiKey) return null;
  return {
    model: createOpenAI({ apiKey }).embedding(openAiEmbeddingModel),
    label: `openai:${openAiEmbeddingModel}`,
  };
}

const batchSize = 64;
const batchTimeoutMs = 60_000;

export function embeddingInput(heading: string | null, text: string) {
  return heading && !text.startsWith(heading) ? `${heading}\n${text}` : text;
}

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
  await db.transaction(async (tx) => {
    // A chunk replaced meanwhile is simply not found; its replacement is embedded next time.
    await tx.execute(sql`
      update ${knowledgeChunks} as c set embedding = v.embedding, embedding_model = ${embedder.label}
      from jsonb_to_recordset(${JSON.stringify(vectors)}::jsonb) as v(id uuid, embedding real[])
      where c.id = v.id`);
    await bumpIndexVersion(tx, source.botId);
  });
  return vectors.length;
}

export async function embedQuery(embedder: Embedder, query: string, timeoutMs: number) {
  const { embedding } = await embed({
    model: embedder.model,
    value: query,
    maxRetries: 0,
    abortSignal: AbortSignal.timeout(timeoutMs),
  });
  return embedding;
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
