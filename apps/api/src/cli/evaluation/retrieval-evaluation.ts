import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knowledgeSources, users } from '../../db/schema';
import { insertBlankBot } from '../../modules/bots/bots.repository';
import {
  indexSections,
  throttleProgress,
  toChunkRows,
} from '../../modules/knowledge/ingest-source.job';
import {
  completeSources,
  replaceSourceChunks,
  updateSource,
  type NewChunk,
  type SourceRow,
} from '../../modules/knowledge/knowledge.repository';
import type { SectionInput } from '../../modules/retrieval/chunk-sections';
import { BotIndexCache } from '../../modules/retrieval/bot-index';
import { aggregateByDocument } from '../../modules/retrieval/lexical-index';
import { botIndexVersion } from '../../modules/retrieval/retrieval.repository';
import { evaluateRun, percentile, type Qrels } from './ir-metrics';

export type BeirDocument = { _id: string; title?: string; text: string };
export type BeirQuery = { _id: string; text: string };

export type RetrievalEvaluation = {
  ndcg_at_10: number;
  recall_at_10: number;
  recall_at_100: number;
  mrr_at_10: number;
  success_at_1: number;
  queries: number;
  docs: number;
  chunks: number;
  index_seconds: number;
  // The part of index_seconds spent loading the bot's index from the chunk table.
  load_seconds: number;
  query_ms_p50: number;
  query_ms_p95: number;
  // CPU time of the process per query: on a shared machine, wall time also counts the time the
  // process waited for a core.
  query_cpu_ms_p50: number;
  query_cpu_ms_p95: number;
  // The bot's index in memory (estimated: index arrays, vocabulary, passages' text).
  index_memory_mb: number;
};

// 'document': one ingest run per document, as uploads are processed (parallel, like pg-boss
// workers). 'batch': the same chunking and terms, written many documents per transaction.
export type IndexingMode = 'batch' | 'document';
const parallelDocuments = 4;
const batchSize = 250;
const writesInFlight = 2;
// Chunks asked of the app's search per query: enough to rank 100 documents after merging chunks.
const chunksPerQuery = 300;
const warmUpQueries = 50;

// Indexes a BEIR corpus into a throw-away bot through the product's own pipeline (every document
// becomes a knowledge source whose text goes through chunking, term extraction and the chunk
// table), then asks every judged query through the same search the chat engine uses. The bot and
// its owner are deleted afterwards.
export async function evaluateRetrieval(
  db: Database,
  {
    corpus,
    queries,
    qrels,
    mode = 'batch',
  }: { corpus: BeirDocument[]; queries: BeirQuery[]; qrels: Qrels; mode?: IndexingMode },
): Promise<RetrievalEvaluation> {
  const userId = `eval-${randomUUID()}`;
  await db.insert(users).values({
    id: userId,
    name: 'Retrieval evaluation',
    email: `${userId}@askwell.invalid`,
  });
  try {
    const { id: botId } = await insertBlankBot(db, userId, 'Retrieval evaluation');

    const started = performance.now();
    const sourceRows = await createSources(db, botId, userId, corpus);
    const documentOfSource = new Map<string, string>();
    for (const [position, source] of sourceRows.entries()) {
      documentOfSource.set(source.id, corpus[position]!._id);
    }
    const sectionsOf = (position: number) => {
      const document = corpus[position]!;
      return [{ heading: document.title || undefined, text: document.text }];
    };
    let chunks = 0;
    if (mode === 'batch') {
      // A batch is chunked while PostgreSQL writes the ones before, writesInFlight at a time on
      // their own connections (PostgreSQL then uses both cores). Each write has a handler from the
      // start and is awaited in turn, so no failure goes unobserved.
      const writing: Promise<void>[] = [];
      for (let start = 0; start < sourceRows.length; start += batchSize) {
        const batch = chunkBatch(
          sourceRows
            .slice(start, start + batchSize)
            .map((source, offset) => ({ source, sections: sectionsOf(start + offset) })),
        );
        chunks += batch.rows.length;
        if (writing.length === writesInFlight) await writing.shift();
        const write = writeBatch(db, batch);
        write.catch(() => undefined);
        writing.push(write);
      }
      for (const write of writing) await write;
    } else {
      let next = 0;
      const work = async () => {
        for (let position = next++; position < corpus.length; position = next++) {
          const source = sourceRows[position]!;
          await indexSections(source, sectionsOf(position), {
            db,
            progress: throttleProgress((patch) => {
              chunks += patch.chunkCount ?? 0;
              return updateSource(db, source.id, patch);
            }),
          }).catch((error: unknown) => {
            // An empty document is refused as it would be on upload; it simply cannot be found.
            if ((error as { code?: string }).code !== 'no_text') throw error;
          });
        }
      };
      await Promise.all(Array.from({ length: parallelDocuments }, work));
    }
    // Searchable means the app's in-memory index has been built from the stored chunks.
    const loading = performance.now();
    const index = new BotIndexCache(db);
    await index.search(botId, 'warm up', 1);
    const loadSeconds = (performance.now() - loading) / 1000;
    const indexSeconds = (performance.now() - started) / 1000;

    const judged = queries.filter((query) => qrels.has(query._id));
    // As the chat engine does, the bot's version is known: a search asks the database nothing.
    const knownVersion = (await botIndexVersion(db, botId)) ?? undefined;
    const ask = (text: string) => index.rank(botId, text, { limit: chunksPerQuery, knownVersion });
    // Timed after a warm-up, as a server that has answered some questions.
    for (const query of judged.slice(0, warmUpQueries)) await ask(query.text);
    const run = new Map<string, string[]>();
    const timings: number[] = [];
    const cpuTimings: number[] = [];
    for (const query of judged) {
      const cpu = process.cpuUsage();
      const begun = performance.now();
      const hits = await ask(query.text);
      const ranked = aggregateByDocument(
        hits.map((hit) => ({ id: hit.sourceId, score: hit.score })),
        (sourceId) => documentOfSource.get(sourceId)!,
      );
      timings.push(performance.now() - begun);
      const used = process.cpuUsage(cpu);
      cpuTimings.push((used.user + used.system) / 1000);
      run.set(
        query._id,
        ranked.slice(0, 100).map((hit) => hit.id),
      );
    }
    const metrics = evaluateRun(run, qrels);
    const round = (value: number, digits = 4) => Number(value.toFixed(digits));
    return {
      ndcg_at_10: round(metrics.ndcg_at_10),
      recall_at_10: round(metrics.recall_at_10),
      recall_at_100: round(metrics.recall_at_100),
      mrr_at_10: round(metrics.mrr_at_10),
      success_at_1: round(metrics.success_at_1),
      queries: metrics.queries,
      docs: corpus.length,
      chunks,
      index_seconds: round(indexSeconds, 3),
      load_seconds: round(loadSeconds, 3),
      query_ms_p50: round(percentile(timings, 50), 3),
      query_ms_p95: round(percentile(timings, 95), 3),
      query_cpu_ms_p50: round(percentile(cpuTimings, 50), 3),
      query_cpu_ms_p95: round(percentile(cpuTimings, 95), 3),
      index_memory_mb: round(index.memory().bytes / 1e6, 1),
    };
  } finally {
    await db.delete(users).where(eq(users.id, userId));
  }
}

// The corpus's documents as knowledge sources, in corpus order: one insert from arrays (drizzle's
// multi-row insert spent ~0.8 s of CPU building the SQL of SciFact's 5,183 rows), then the rows
// read back whole, as the ingestion functions take them.
async function createSources(
  db: Database,
  botId: string,
  userId: string,
  corpus: BeirDocument[],
): Promise<SourceRow[]> {
  const names = corpus.map((document) => document._id);
  await db.execute(sql`
    insert into ${knowledgeSources} (bot_id, user_id, kind, name, document_type, status, stage)
    select ${botId}, ${userId}, 'document', name, 'txt', 'processing', 'extracting'
    from unnest(${sql.param(names)}::text[]) as name`);
  const rows = await db.select().from(knowledgeSources).where(eq(knowledgeSources.botId, botId));
  // A source's name finds its document: BEIR document ids are unique.
  const byName = new Map(rows.map((row) => [row.name, row]));
  if (byName.size !== names.length) throw new Error('the corpus repeats a document id');
  return names.map((name) => byName.get(name)!);
}

type ChunkedBatch = { counts: Map<string, number>; rows: NewChunk[] };

// Many documents that are already text (an imported corpus) at once: the same chunk rows as
// indexSections, written in one statement per batch instead of one per document, because each
// round trip to PostgreSQL costs more than the work on a small document.
function chunkBatch(batch: Array<{ source: SourceRow; sections: SectionInput[] }>): ChunkedBatch {
  const counts = new Map<string, number>();
  const rows = batch.flatMap(({ source, sections }) => {
    const chunks = toChunkRows(source, sections);
    counts.set(source.id, chunks.length);
    return chunks;
  });
  return { counts, rows };
}

async function writeBatch(db: Database, { counts, rows }: ChunkedBatch) {
  await replaceSourceChunks(db, [...counts.keys()], rows);
  await completeSources(db, counts);
}
