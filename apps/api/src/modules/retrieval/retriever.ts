import type { KnowledgeHit } from '@askwell/shared';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import { BotIndexCache, type RankOptions, type RetrievalMemory } from './bot-index';
import type { EmbedderLookup } from './embedder';

// What the rest of the app asks of retrieval. Chat, the owner's search box and the evaluation
// CLIs all rank through it, so none of them can drift from the others.
export type Retriever = {
  rank(botId: string, question: string, options: RankOptions): Promise<KnowledgeHit[]>;
  // The index terms of a passage the last rankings returned, as a set; null once it has left.
  chunkTerms(botId: string, chunkId: string): Set<string> | null;
  memory(): RetrievalMemory;
};

export type RetrieverOptions = {
  db: Database;
  logger: Logger;
  // The bot owner's embedding provider: with one, rankings are hybrid. Absent: lexical only.
  embedderFor?: EmbedderLookup;
};

export function createRetriever({ db, logger, embedderFor }: RetrieverOptions): Retriever {
  return new BotIndexCache(db, embedderFor ? { embedderFor, logger } : undefined);
}
