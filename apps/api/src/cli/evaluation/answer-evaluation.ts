import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Env } from '../../config/env';
import type { Database, DatabaseHandle } from '../../db/client';
import { knowledgeSources, users } from '../../db/schema';
import { insertBlankBot } from '../../modules/bots/bots.repository';
import { createServices } from '../../services';
import { AppError } from '../../lib/app-error';
import type { BeirDocument } from './retrieval-evaluation';
import { evaluateRun, percentile, type Qrels } from './ir-metrics';
import { aggregateByDocument } from '../../modules/retrieval/lexical-index';

export type AnswerQuery = { _id: string; text: string; metadata?: { answers?: string[] } };

export type AnswerEvaluation = {
  citation_at_1: number;
  citation_at_any: number;
  // Null when no query carries gold answers.
  answer_in_reply: number | null;
  fallback_rate: number;
  reply_chars_p50: number;
  reply_chars_p95: number;
  latency_ms_p50: number;
  latency_ms_p95: number;
  // The ranking's own figures over the same bot and queries: what the chat path may not lose.
  retrieval_at_1: number;
  retrieval_mrr_at_10: number;
  docs: number;
  failed_docs: number;
  index_seconds: number;
  queries: number;
};

export type AnswerOutcome = {
  query: AnswerQuery;
  reply: string;
  citedFirst: boolean;
  answerFound: boolean | null;
  fallback: boolean;
  retrievedFirst: boolean;
};

// Uploaded files go to env.DATA_DIR.
export type AnswerEvaluationDeps = {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
};

const ingestConcurrency = 4;

// Normalised for "is the gold answer in the reply": case, Unicode form and runs of spaces differ
// between a question set and a quoted passage without changing the answer.
function normalised(text: string) {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

// A customer's view of the whole chat path, without HTTP in the way: every BEIR document is
// uploaded as its own .txt file and goes through the real ingestion (storage, job queue,
// extraction thread, chunking, indexing); every judged question is then asked through the real
// chat service of a bot whose owner has no model key, so the built-in answerer replies. The
// throw-away account, its bot, conversations and files are removed afterwards.
export async function evaluateAnswers(
  deps: AnswerEvaluationDeps,
  input: {
    corpus: BeirDocument[];
    queries: AnswerQuery[];
    qrels: Qrels;
    limit?: number;
    // Sees every question's outcome (to read the failures).
    onAnswer?: (outcome: AnswerOutcome) => void;
  },
): Promise<AnswerEvaluation> {
  const { db } = deps.database;
  const services = createServices({
    env: {
      ...deps.env,
      INGEST_CONCURRENCY: ingestConcurrency,
      CRAWL_PRIVATE_NETWORKS: false,
      CHAT_PROVIDER_TIMEOUT_MS: 30_000,
    },
    database: deps.database,
    logger: deps.logger,
    authSecret: randomBytes(32).toString('hex'),
    realtime: { toUser: () => undefined, toEveryone: () => undefined },
  });
  const { chat, knowledge, retriever } = services;

  const userId = `eval-${randomUUID()}`;
  await db
    .insert(users)
    .values({ id: userId, name: 'Answer evaluation', email: `${userId}@askwell.invalid` });
  try {
    const bot = await insertBlankBot(db, userId, 'Answer evaluation');
    await services.startJobs();

    const started = performance.now();
    const documentOfSource = new Map<string, string>();
    let refusedDocs = 0;
    for (const document of input.corpus) {
      const body = document.title ? `${document.title}\n\n${document.text}` : document.text;
      try {
        const uploaded = await knowledge.upload(
          { userId, botId: bot.id },
          {
            stream: Readable.from([Buffer.from(body, 'utf8')]),
            filename: `${document._id}.txt`,
          },
        );
        if (uploaded.kind === 'document') documentOfSource.set(uploaded.source.id, document._id);
      } catch (error) {
        // A file the Documents page refuses (empty, or not text by its content) counts as failed.
        const refused =
          error instanceof AppError &&
          (error.code === 'validation_error' || error.code === 'unsupported_media_type');
        if (!refused) throw error;
        refusedDocs++;
      }
    }
    const failedDocs =
      refusedDocs + (await waitForIngestion(db, bot.id, input.corpus.length - refusedDocs));
    await retriever.rank(bot.id, 'warm up', { limit: 1 });
    const indexSeconds = (performance.now() - started) / 1000;

    const judged = input.queries.filter((query) => input.qrels.has(query._id));
    const asked = input.limit ? judged.slice(0, input.limit) : judged;
    let citedFirst = 0;
    let citedAny = 0;
    let withAnswers = 0;
    let answerFound = 0;
    let fallbacks = 0;
    let rankedFirst = 0;
    const lengths: number[] = [];
    const latencies: number[] = [];
    const run = new Map<string, string[]>();
    for (const query of asked) {
      const relevant = input.qrels.get(query._id)!;
      const isRelevant = (sourceId: string) =>
        (relevant.get(documentOfSource.get(sourceId) ?? '') ?? 0) > 0;
      const begun = performance.now();
      const result = await chat.reply({ bot: bot!, message: query.text, channel: 'api' });
      latencies.push(performance.now() - begun);
      lengths.push(result.reply.length);
      if (!result.answeredFromKnowledge) fallbacks++;
      if (result.sources[0] && isRelevant(result.sources[0].sourceId)) citedFirst++;
      if (result.sources.some((source) => isRelevant(source.sourceId))) citedAny++;
      const answers = query.metadata?.answers ?? [];
      if (answers.length > 0) {
        withAnswers++;
        const reply = normalised(result.reply);
        if (answers.some((answer) => reply.includes(normalised(answer)))) answerFound++;
      }
      const hits = await retriever.rank(bot.id, query.text, { limit: 300 });
      const ranked = aggregateByDocument(
        hits.map((hit) => ({ id: hit.sourceId, score: hit.score })),
        (sourceId) => documentOfSource.get(sourceId) ?? sourceId,
      );
      run.set(
        query._id,
        ranked.slice(0, 100).map((hit) => hit.id),
      );
      const retrievedFirst = (relevant.get(ranked[0]?.id ?? '') ?? 0) > 0;
      if (retrievedFirst) rankedFirst++;
      input.onAnswer?.({
        query,
        reply: result.reply,
        citedFirst: Boolean(result.sources[0] && isRelevant(result.sources[0].sourceId)),
        answerFound:
          answers.length > 0
            ? answers.some((answer) => normalised(result.reply).includes(normalised(answer)))
            : null,
        fallback: !result.answeredFromKnowledge,
        retrievedFirst,
      });
    }
    const count = Math.max(asked.length, 1);
    const round = (value: number, digits = 4) => Number(value.toFixed(digits));
    return {
      citation_at_1: round(citedFirst / count),
      citation_at_any: round(citedAny / count),
      answer_in_reply: withAnswers > 0 ? round(answerFound / withAnswers) : null,
      fallback_rate: round(fallbacks / count),
      reply_chars_p50: percentile(lengths, 50),
      reply_chars_p95: percentile(lengths, 95),
      latency_ms_p50: round(percentile(latencies, 50), 1),
      latency_ms_p95: round(percentile(latencies, 95), 1),
      retrieval_at_1: round(rankedFirst / count),
      retrieval_mrr_at_10: round(evaluateRun(run, input.qrels).mrr_at_10),
      docs: input.corpus.length,
      failed_docs: failedDocs,
      index_seconds: round(indexSeconds, 2),
      queries: asked.length,
    };
  } finally {
    chat.stop();
    await services.stopJobs();
    await db.delete(users).where(eq(users.id, userId));
  }
}

// Every source has finished (or failed: an empty document is refused as it is on upload).
async function waitForIngestion(db: Database, botId: string, expected: number) {
  for (;;) {
    const done = await db
      .select({ status: knowledgeSources.status })
      .from(knowledgeSources)
      .where(
        and(
          eq(knowledgeSources.botId, botId),
          inArray(knowledgeSources.status, ['completed', 'failed']),
        ),
      );
    if (done.length >= expected) return done.filter((row) => row.status === 'failed').length;
    await sleep(200);
  }
}
