import type { KnowledgeHit } from '@askwell/shared';
import type { Database } from '../../db/client';
import { botIndexVersion, listBotChunks } from './knowledge.repository';
import { LexicalIndex, termFrequencies, type ChunkTerms } from './retrieval/lexical-index';

export function indexTerms(text: string, heading: string | null) {
  const terms = termFrequencies({ text, heading });
  let tokenCount = 0;
  for (const count of Object.values(terms.body)) tokenCount += count;
  return { terms, tokenCount };
}

type Passage = Omit<KnowledgeHit, 'score' | 'chunkId'>;
type CachedIndex = { version: number; index: LexicalIndex; passages: Map<string, Passage> };

const cachedBots = 64;

// Each bot's index is built in memory from its chunk rows and reused until the bot's index
// version moves (any instance that changes chunks bumps it in the same transaction), so several
// API instances stay correct without talking to each other.
export class BotIndexCache {
  private readonly cache = new Map<string, CachedIndex>();
  private readonly building = new Map<string, Promise<CachedIndex>>();

  constructor(private readonly db: Database) {}

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
    return cached.index.search(query, limit).map((hit) => ({
      chunkId: hit.id,
      score: hit.score,
      ...cached.passages.get(hit.id)!,
    }));
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
    const rows = await listBotChunks(this.db, botId);
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
    const built = { version, index, passages };
    this.cache.set(botId, built);
    while (this.cache.size > cachedBots) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return built;
  }
}
