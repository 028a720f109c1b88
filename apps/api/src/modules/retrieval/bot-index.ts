import type { KnowledgeHit } from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { embedQuery, type Embedder } from './embedder';
import { decodeFloat4Array, DenseIndex, reciprocalRankFusion } from './dense-index';
import { LexicalIndex, gramText, type SearchHit } from './lexical-index';
import {
  botIndexVersion,
  botOwner,
  listBotChunkIds,
  listBotEmbeddings,
  listBotIndexRows,
  listIndexRowsById,
  type IndexRow,
} from './retrieval.repository';
import type { Retriever } from './retriever';
import { tokenize, tokenizerMemory } from './tokenize';

type Passage = Omit<KnowledgeHit, 'score' | 'chunkId'>;
type CachedIndex = {
  version: number;
  userId: string | null;
  index: LexicalIndex;
  dense: DenseIndex | null;
  passages: Map<string, Passage>;
  // Estimated memory, counted against the cache's budget.
  bytes: number;
};

// A build under way or queued behind one; a queued build takes the newest version asked for.
type PendingBuild = { version: number; queued: boolean; done: Promise<CachedIndex> };

export type DenseSearchOptions = {
  // The bot owner's embedding provider, or null when none is configured.
  embedderFor: (userId: string) => Promise<Embedder | null>;
  logger?: Logger;
  queryTimeoutMs?: number;
};

export type RetrievalMemory = {
  // The warm bots' own indexes and passages, and the budget they are held to.
  bots: number;
  bytes: number;
  budgetBytes: number;
  // The tokenizer's word and term tables, which every bot shares, and the most their limits allow.
  sharedBytes: number;
  sharedLimitBytes: number;
};

export type RankOptions = {
  limit: number;
  // The visitor's previous question, when the conversation has one.
  previousTurn?: string | null;
  knownVersion?: number;
};

const cachedBots = 64;
// The warm bots' indexes together stay under this (estimated); a bot over it alone stays alone.
export const defaultIndexMemoryBytes = 1024 * 1024 * 1024;
// How much of the previous turn joins the query.
const contextChars = 500;
// How deep each ranking is read before fusion.
const fusionDepth = 50;
// Passages this close in meaning reach a model even when they share no word with the question.
const closestByMeaning = 3;

// Each bot's index is built in memory from its chunk rows and reused until the bot's index
// version moves (any instance that changes chunks bumps it in the same transaction), so several
// API instances stay correct without talking to each other.
export class BotIndexCache implements Retriever {
  private readonly cache = new Map<string, CachedIndex>();
  private readonly building = new Map<string, PendingBuild>();

  constructor(
    private readonly db: Database,
    private readonly dense?: DenseSearchOptions,
    private readonly memoryBudget = defaultIndexMemoryBytes,
  ) {}

  /**
   * The one ranking of a bot's passages: the chat engine and `npm run eval:retrieval` both rank
   * through here, with the index's settings. The previous turn may add to the query (a follow-up
   * such as "and how long does it take?" lacks its subject), but the passage the question alone
   * ranks first stays first: context adds passages, it never pushes out the question's best.
   */
  async rank(botId: string, question: string, options: RankOptions): Promise<KnowledgeHit[]> {
    const { limit, previousTurn, knownVersion } = options;
    const alone = await this.search(botId, question, limit, knownVersion);
    const context = previousTurn?.trim().slice(0, contextChars);
    if (!context) return alone;
    // The question's words count twice, so they still lead the combined query.
    const combined = await this.search(
      botId,
      `${question}\n${question}\n${context}`,
      limit,
      knownVersion,
    );
    const first = alone[0];
    if (!first) return combined;
    const rest = combined.filter((hit) => hit.chunkId !== first.chunkId);
    const top = Math.max(combined[0]?.score ?? 0, first.score);
    return [{ ...first, score: top }, ...rest].slice(0, limit);
  }

  /** A question's index terms, tokenised as the bot's index tokenises queries. */
  queryTerms(botId: string, question: string): string[] {
    const cached = this.cache.get(botId);
    return cached ? cached.index.queryTerms(question) : tokenize(question);
  }

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
    // Written out rather than spread: copying each passage's fields by spread took as long as
    // the search itself (0.3 ms at SciFact's median, 300 hits).
    return hits.map((hit) => {
      const passage = cached.passages.get(hit.id)!;
      const found: KnowledgeHit = {
        chunkId: hit.id,
        sourceId: passage.sourceId,
        score: hit.score,
        heading: passage.heading,
        text: passage.text,
        page: passage.page,
        url: passage.url,
        question: passage.question,
      };
      if (hybrid) found.semantic = hybrid.closest.has(hit.id);
      return found;
    });
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
    return this.cache.get(botId)?.index.termSet(chunkId) ?? null;
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
    return this.buildAtLeast(botId, version);
  }

  // One build per bot at a time. A caller that needs a newer version than the build under way
  // (its rows were read before the latest change) waits for it and then for one more, which every
  // later caller shares: however many searches arrive during a build, one more build follows it.
  private buildAtLeast(botId: string, version: number): Promise<CachedIndex> {
    const pending = this.building.get(botId);
    if (pending && pending.version >= version) return pending.done;
    if (pending?.queued) {
      pending.version = version;
      return pending.done;
    }
    const queued = { version, queued: true };
    const done = (pending?.done.catch(() => undefined) ?? Promise.resolve())
      .then(() => {
        queued.queued = false;
        return this.build(botId, queued.version);
      })
      .finally(() => {
        if (this.building.get(botId) === entry) this.building.delete(botId);
      });
    const entry: PendingBuild = Object.assign(queued, { done });
    this.building.set(botId, entry);
    return entry.done;
  }

  private async build(botId: string, version: number): Promise<CachedIndex> {
    const cached = this.cache.get(botId);
    const previous = cached?.dense?.entries() ?? [];
    const label = cached?.dense?.label ?? '';
    const [lexical, userId, vectors] = await Promise.all([
      cached ? this.refreshLexical(botId, cached) : this.buildLexical(botId),
      this.dense ? botOwner(this.db, botId) : null,
      this.dense
        ? listBotEmbeddings(this.db, botId, { label, ids: previous.map((entry) => entry.id) })
        : [],
    ]);
    const { index, passages } = lexical;
    const fetched = new Set(vectors.map((row) => row.id));
    const dense = DenseIndex.fromRows([
      ...previous.filter((entry) => passages.has(entry.id) && !fetched.has(entry.id)),
      ...vectors.map((row) => ({ ...row, embedding: decodeFloat4Array(row.bytes) })),
    ]);
    const built: CachedIndex = { version, userId, index, dense, passages, bytes: 0 };
    built.bytes = estimateBytes(built);
    this.cache.delete(botId);
    this.cache.set(botId, built);
    this.evict(botId);
    return built;
  }

  // Least recently used bots leave first, past the count or the memory budget (the bot just
  // loaded always stays).
  private evict(keep: string) {
    let total = 0;
    for (const entry of this.cache.values()) total += entry.bytes;
    for (const [botId, entry] of this.cache) {
      if (this.cache.size <= cachedBots && total <= this.memoryBudget) break;
      if (botId === keep) continue;
      this.cache.delete(botId);
      total -= entry.bytes;
    }
  }

  /** What retrieval holds in memory in this process (estimated), for the server's report. */
  memory(): RetrievalMemory {
    let bytes = 0;
    for (const entry of this.cache.values()) bytes += entry.bytes;
    const tokenizer = tokenizerMemory();
    return {
      bots: this.cache.size,
      bytes,
      budgetBytes: this.memoryBudget,
      sharedBytes: tokenizer.bytes,
      sharedLimitBytes: tokenizer.limitBytes,
    };
  }

  // Chunks are tokenised from their text here, with the code that tokenises queries: terms stored
  // by an older version of the tokenizer can never disagree with the questions.
  private async buildLexical(botId: string) {
    const rows = await listBotIndexRows(this.db, botId);
    const passages = new Map<string, Passage>();
    const index = new LexicalIndex({}, (id) => {
      const passage = passages.get(id);
      return passage && gramText(passage.heading, passage.text);
    });
    for (const row of rows) addRow(index, passages, row);
    index.prepare();
    return { index, passages };
  }

  // Chunk rows are never updated (re-indexing a source writes new ids), so the difference between
  // the ids in memory and in the table is the whole change: one document re-indexed costs its own
  // chunks (and a list of the bot's ids), not a rebuild.
  private async refreshLexical(botId: string, cached: CachedIndex) {
    const current = await listBotChunkIds(this.db, botId);
    const present = new Set(current.map((row) => row.id));
    const added = current.filter((row) => !cached.passages.has(row.id)).map((row) => row.id);
    const rows: IndexRow[] = [];
    for (let start = 0; start < added.length; start += 5000) {
      rows.push(...(await listIndexRowsById(this.db, added.slice(start, start + 5000))));
    }
    const { index, passages } = cached;
    for (const id of [...passages.keys()]) {
      if (present.has(id)) continue;
      index.remove(id);
      passages.delete(id);
    }
    for (const row of rows) addRow(index, passages, row);
    index.prepare();
    return { index, passages };
  }
}

function addRow(index: LexicalIndex, passages: Map<string, Passage>, row: IndexRow) {
  passages.set(row.id, {
    sourceId: row.sourceId,
    heading: row.heading,
    text: row.text,
    page: row.pageNumber,
    url: row.url,
    question: row.question,
  });
  index.addText(row.id, row.text, row.heading);
}

// The index's arrays plus the passages' strings (two bytes a character) and their objects.
function estimateBytes(entry: CachedIndex) {
  let bytes = entry.index.memoryBytes();
  for (const passage of entry.passages.values()) {
    bytes += 200 + 2 * (passage.text.length + (passage.heading?.length ?? 0));
    bytes += 2 * ((passage.url?.length ?? 0) + (passage.question?.length ?? 0));
  }
  const dense = entry.dense;
  return bytes + (dense ? dense.size * (dense.dimensions * 4 + 100) : 0);
}
