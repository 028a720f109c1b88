import type { KnowledgeHit } from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { embedQuery, type Embedder } from './embeddings';
import {
  botIndexVersion,
  botOwner,
  listBotChunks,
  listBotEmbeddings,
} from './knowledge.repository';
import { decodeFloat4Array, DenseIndex, reciprocalRankFusion } from './retrieval/dense-index';
import {
  LexicalIndex,
  termFrequencies,
  type ChunkTerms,
  type SearchHit,
} from './retrieval/lexical-index';

export function indexTerms(text: string, heading: string | null) {
  const terms = termFrequencies({ text, heading });
  let tokenCount = 0;
  for (const count of Object.values(terms.body)) tokenCount += count;
  return { terms, tokenCount };
}

type Passage = Omit<KnowledgeHit, 'score' | 'chunkId'>;
type CachedIndex = {
  version: number;
  userId: string | null;
  index: LexicalIndex;
  dense: DenseIndex | null;
  passages: Map<string, Passage>;
};

export type DenseSearchOptions = {
  // The bot owner's embedding provider, or null when none is configured.
  embedderFor: (userId: string) => Promise<Embedder | null>;
  logger?: Logger;
  queryTimeoutMs?: number;
};

const cachedBots = 64;
// How deep each ranking is read before fusion.
const fusionDepth = 50;
// Passages this close in meaning reach a model even when they share no word with the question.
const closestByMeaning = 3;

// Each bot's index is built in memory from its chunk rows and reused until the bot's index
// version moves (any instance that changes chunks bumps it in the same transaction), so several
// API instances stay correct without talking to each other.
export class BotIndexCache {
  private readonly cache = new Map<string, CachedIndex>();
  private readonly building = new Map<string, Promise<CachedIndex>>();

  constructor(
    private readonly db: Database,
    private readonly dense?: DenseSearchOptions,
  ) {}

  // `knownVersion` is the bot row's index version as the caller read it moments ago (the chat
  // engine): an index at least that fresh is used without asking the database.
  async search(
    botId: string,
    query: string,
    limit: number,
    knownVersion?: number,
  ): Promise<KnowledgeHit[]> {
    const cached = await this.load(botId, knownVersion);
    if (!cached) return [];
    const hybrid = await this.hybrid(cached, query, limit);
    const hits = hybrid?.hits ?? cached.index.search(query, limit);
    return hits.map((hit) => ({
      chunkId: hit.id,
      score: hit.score,
      ...cached.passages.get(hit.id)!,
      ...(hybrid ? { semantic: hybrid.closest.has(hit.id) } : {}),
    }));
  }

  // Lexical and dense rankings fused, when the bot has vectors and its owner's provider made
  // them; null (lexical alone) otherwise, or when the query cannot be embedded in time.
  private async hybrid(
    cached: CachedIndex,
    query: string,
    limit: number,
  ): Promise<{ hits: SearchHit[]; closest: Set<string> } | null> {
    if (!this.dense || !cached.dense || !cached.userId || !query.trim()) return null;
    try {
      const embedder = await this.dense.embedderFor(cached.userId);
      if (!embedder || embedder.label !== cached.dense.label) return null;
      const vector = await embedQuery(embedder, query, this.dense.queryTimeoutMs ?? 2_000);
      const depth = Math.max(limit, fusionDepth);
      const dense = cached.dense.search(vector, depth);
      return {
        hits: reciprocalRankFusion([cached.index.search(query, depth), dense], limit),
        closest: new Set(dense.slice(0, closestByMeaning).map((hit) => hit.id)),
      };
    } catch (error) {
      this.dense.logger?.warn({ err: error }, 'query embedding failed; searching lexically');
      return null;
    }
  }

  // The index terms of a chunk found by the last searches, as sets (what a match needs).
  chunkTerms(botId: string, chunkId: string): Set<string> | null {
    const terms = this.cache.get(botId)?.index.termsOf(chunkId);
    if (!terms) return null;
    return new Set([...Object.keys(terms.heading), ...Object.keys(terms.body)]);
  }

  private async load(botId: string, knownVersion?: number) {
    const version = knownVersion ?? (await botIndexVersion(this.db, botId));
    if (version === null) {
      this.cache.delete(botId);
      return null;
    }
    const cached = this.cache.get(botId);
    const fresh =
      knownVersion === undefined
        ? cached?.version === version
        : cached && cached.version >= version;
    if (cached && fresh) {
      this.cache.delete(botId);
      this.cache.set(botId, cached);
      return cached;
    }
    let pending = this.building.get(botId);
    if (!pending) {
      pending = this.build(botId, version).finally(() => this.building.delete(botId));
      this.building.set(botId, pending);
    }
    return pending;
  }

  private async build(botId: string, version: number) {
    const previous = this.cache.get(botId)?.dense?.entries() ?? [];
    const label = this.cache.get(botId)?.dense?.label ?? '';
    const [rows, userId, vectors] = await Promise.all([
      listBotChunks(this.db, botId),
      this.dense ? botOwner(this.db, botId) : null,
      this.dense
        ? listBotEmbeddings(this.db, botId, { label, ids: previous.map((entry) => entry.id) })
        : [],
    ]);
    const passages = new Map<string, Passage>();
    const index = LexicalIndex.fromRows(
      rows.map((row) => {
        passages.set(row.id, {
          sourceId: row.sourceId,
          heading: row.heading,
          text: row.text,
          page: row.pageNumber,
          url: row.url,
          question: row.question,
        });
        return { id: row.id, terms: row.terms as ChunkTerms };
      }),
    );
    const fetched = new Set(vectors.map((row) => row.id));
    const dense = DenseIndex.fromRows([
      ...previous.filter((entry) => passages.has(entry.id) && !fetched.has(entry.id)),
      ...vectors.map((row) => ({ ...row, embedding: decodeFloat4Array(row.bytes) })),
    ]);
    const built = { version, userId, index, dense, passages };
    this.cache.set(botId, built);
    while (this.cache.size > cachedBots) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return built;
  }
}
