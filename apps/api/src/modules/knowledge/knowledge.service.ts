import {
  documentFailedMessage,
  type ExtractionFailureCode,
  type KnowledgeSource,
  type ProcessingStage,
  type SourceProgressEvent,
  type SourceStatus,
  type SyncSchedule,
  sourceProgressEventName,
  trainingSteps,
  type TrainingState,
  type WebsitePage,
} from '@askwell/shared';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import type { Realtime } from '../../plugins/realtime';
import type { ProviderSettings } from '../settings/settings.service';
import { BotIndexCache } from './bot-index';
import {
  embedSourceChunks,
  resolveEmbedder,
  sourcesMissingEmbeddings,
  type Embedder,
} from './embeddings';
import { DocumentStorage } from './document-storage';
import { DocumentPreparer } from './prepare-document';
import {
  deleteSource,
  findSource,
  insertSource,
  listOwnedSources,
  listPages,
  sourcesDueForSync,
  sourcesInFlight,
  updateSource,
  type NewSource,
  type PageRow,
  type SourceRow,
} from './knowledge.repository';
import { ingestSource, IngestFailure, throttleProgress } from './ingest-source.job';

export const ingestQueue = 'knowledge-ingest';

type IngestJob = { sourceId: string };

export type KnowledgeServiceOptions = {
  db: Database;
  pool: pg.Pool;
  queue: JobQueue;
  realtime: Realtime;
  logger: Logger;
  dataDir: string;
  concurrency: number;
  allowPrivateNetwork: boolean;
  // The owner's model settings: with an OpenAI key or a custom endpoint, chunks are also
  // embedded and searched densely. Absent: lexical search only.
  providerSettings?: (userId: string) => Promise<ProviderSettings>;
  // The embedding model a custom endpoint is asked for.
  embeddingModel?: string;
};

export function toKnowledgeSource(row: SourceRow, botName: string): KnowledgeSource {
  return {
    id: row.id,
    botId: row.botId,
    botName,
    kind: row.kind as KnowledgeSource['kind'],
    name: row.name,
    status: row.status as SourceStatus,
    stage: row.stage as ProcessingStage,
    progress: row.progress,
    error: row.status === 'failed' ? failureText(row.errorMessage) : null,
    errorCode: (row.errorCode as ExtractionFailureCode | null) ?? null,
    documentType: (row.documentType as KnowledgeSource['documentType']) ?? null,
    sizeBytes: row.sizeBytes ?? null,
    url: row.url,
    syncSchedule: (row.syncSchedule as SyncSchedule | null) ?? null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    pageCount: row.pageCount,
    chunkCount: row.chunkCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function failureText(reason: string | null) {
  return reason ? `${documentFailedMessage}: ${reason}` : documentFailedMessage;
}

export function toWebsitePage(row: PageRow): WebsitePage {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    status: row.status as WebsitePage['status'],
    detail: row.detail,
    chunkCount: row.chunkCount,
    fetchedAt: row.fetchedAt.toISOString(),
  };
}

export class KnowledgeService {
  readonly storage: DocumentStorage;
  readonly index: BotIndexCache;
  private readonly preparer = new DocumentPreparer();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: KnowledgeServiceOptions) {
    this.storage = new DocumentStorage(options.dataDir);
    this.index = new BotIndexCache(
      options.db,
      options.providerSettings
        ? { embedderFor: (userId) => this.embedderFor(userId), logger: options.logger }
        : undefined,
    );
  }

  async embedderFor(userId: string): Promise<Embedder | null> {
    if (!this.options.providerSettings) return null;
    const settings = await this.options.providerSettings(userId);
    return resolveEmbedder(settings, this.options.embeddingModel ?? 'text-embedding-3-small');
  }

  // Vectors are an addition to the lexical index: a provider that fails leaves the chunks
  // without them (searched lexically) and the document is still completed.
  private async embedChunks(source: SourceRow) {
    try {
      const embedder = await this.embedderFor(source.userId);
      if (!embedder) return;
      await embedSourceChunks(this.options.db, embedder, source);
    } catch (error) {
      this.options.logger.warn(
        { err: error, sourceId: source.id },
        'embedding chunks failed; the source stays searchable by its words',
      );
    }
  }

  async start() {
    await this.options.queue.define<IngestJob>(
      {
        name: ingestQueue,
        concurrency: this.options.concurrency,
        retryLimit: 3,
        retryDelaySeconds: 5,
        expireInSeconds: 15 * 60,
      },
      (job, context) => this.runIngest(job.sourceId, context.finalAttempt),
    );
    await this.sweep();
    void this.preparer.warm();
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'knowledge sweep failed'),
      );
    }, 15_000);
    this.sweeper.unref();
  }

  stop() {
    clearInterval(this.sweeper);
    void this.preparer.close();
  }

  async create(source: NewSource) {
    const row = await insertSource(this.options.db, source);
    await this.enqueue(row.id);
    return row;
  }

  async enqueue(sourceId: string) {
    await this.options.queue.send<IngestJob>(ingestQueue, { sourceId });
  }

  // Puts a finished source back through the pipeline (Retry, Sync now, Start Training).
  async reprocess(row: SourceRow) {
    const updated = await updateSource(this.options.db, row.id, {
      status: 'pending',
      stage: 'uploaded',
      progress: 0,
      errorCode: null,
      errorMessage: null,
    });
    if (!updated) return null;
    this.publish(updated);
    await this.enqueue(row.id);
    return updated;
  }

  async remove(row: SourceRow) {
    await deleteSource(this.options.db, row);
    if (row.storagePath) await this.storage.discard(row.storagePath);
  }

  async deleteBotFiles(userId: string, botId: string) {
    await this.storage.removeBot(userId, botId);
  }

  async pagesOf(sourceId: string) {
    return (await listPages(this.options.db, sourceId)).map(toWebsitePage);
  }

  async listSources(userId: string, botId?: string) {
    const rows = await listOwnedSources(this.options.db, userId, botId);
    return rows.map((row) => toKnowledgeSource(row.source, row.botName));
  }

  async trainingState(userId: string, botId: string): Promise<TrainingState> {
    const sources = await this.listSources(userId, botId);
    return { ...summariseTraining(sources), sources };
  }

  // Start Training: everything not yet indexed, or whose content may have changed, goes through the
  // pipeline again; unchanged documents are skipped by their content hash inside the job.
  async startTraining(userId: string, botId: string) {
    const rows = await listOwnedSources(this.options.db, userId, botId);
    const embedder = await this.embedderFor(userId).catch(() => null);
    const unembedded = embedder
      ? await sourcesMissingEmbeddings(this.options.db, botId, embedder.label)
      : new Set<string>();
    const embedOnly: SourceRow[] = [];
    for (const { source } of rows) {
      const stale =
        source.status === 'failed' ||
        source.kind === 'website' ||
        source.indexedHash !== source.contentHash;
      if (source.status === 'completed' && !stale) {
        if (unembedded.has(source.id)) embedOnly.push(source);
        continue;
      }
      if (source.status === 'pending' || source.status === 'processing') continue;
      await this.reprocess(source);
    }
    // Chunks that lack only their vectors (the provider was added later, or failed) are
    // embedded in place: the text and its lexical index stay as they are and searchable.
    void this.embedInBackground(embedOnly);
    return this.trainingState(userId, botId);
  }

  private async embedInBackground(sources: SourceRow[]) {
    for (const source of sources) await this.embedChunks(source);
  }

  publish(row: SourceRow) {
    const event: SourceProgressEvent = {
      sourceId: row.id,
      botId: row.botId,
      status: row.status as SourceStatus,
      stage: row.stage as ProcessingStage,
      progress: row.progress,
      error: row.status === 'failed' ? failureText(row.errorMessage) : null,
      chunkCount: row.chunkCount,
      updatedAt: row.updatedAt.toISOString(),
    };
    this.options.realtime.toUser(row.userId, sourceProgressEventName, event);
  }

  private async progress(sourceId: string, patch: Partial<NewSource>) {
    const row = await updateSource(this.options.db, sourceId, patch);
    if (row) this.publish(row);
    return row;
  }

  // One source at a time per source: the advisory lock lives as long as this connection, so a
  // worker that dies (even kill -9) releases it and the sweeper can hand the source to another.
  private async runIngest(sourceId: string, finalAttempt: boolean) {
    const client = await this.options.pool.connect();
    // The lock's connection sits idle while the document is read; if the database drops it (a
    // restart, a failover), node-postgres reports it on the client, and an unheard error would
    // bring the whole process down. The lock is gone with it, and the work carries on.
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost = error;
      this.options.logger.warn({ err: error, sourceId }, 'knowledge job lost its lock connection');
    };
    client.on('error', onLost);
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [lockNamespace, sourceId],
      );
      if (!rows[0]?.locked) return;
      try {
        const source = await findSource(this.options.db, sourceId);
        if (!source || (source.status !== 'pending' && source.status !== 'processing')) return;
        try {
          await ingestSource(source, {
            db: this.options.db,
            storage: this.storage,
            preparer: this.preparer,
            allowPrivateNetwork: this.options.allowPrivateNetwork,
            progress: throttleProgress((patch) => this.progress(sourceId, patch)),
            embed: () => this.embedChunks(source),
          });
        } catch (error) {
          if (error instanceof IngestFailure) {
            await this.progress(sourceId, {
              status: 'failed',
              stage: 'failed',
              errorCode: error.code,
              errorMessage: error.message,
            });
            return;
          }
          this.options.logger.warn({ err: error, sourceId }, 'knowledge job failed');
          if (finalAttempt) {
            await this.progress(sourceId, {
              status: 'failed',
              stage: 'failed',
              errorCode: 'processing_error',
              errorMessage: 'an unexpected error stopped processing; please retry',
            });
            return;
          }
          // pg-boss retries with back-off; the source stays 'processing' meanwhile.
          throw error;
        }
      } finally {
        if (!lost) {
          await client
            .query('select pg_advisory_unlock($1, hashtext($2))', [lockNamespace, sourceId])
            .catch((error: Error) => (lost = error));
        }
      }
    } finally {
      client.off('error', onLost);
      // A broken connection is thrown away rather than handed to the next caller.
      client.release(lost);
    }
  }

  // Finds sources that are waiting with no job to run them (their worker was killed, or the
  // queue lost track) and websites due for their scheduled re-sync.
  async sweep() {
    const { db, pool, queue } = this.options;
    for (const source of await sourcesInFlight(db)) {
      if (await queue.hasOpenJob(ingestQueue, 'sourceId', source.id)) continue;
      const client = await pool.connect();
      let broken: Error | undefined;
      const onBroken = (error: Error) => (broken = error);
      client.on('error', onBroken);
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as locked',
          [lockNamespace, source.id],
        );
        if (!rows[0]?.locked) continue;
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [
          lockNamespace,
          source.id,
        ]);
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        client.off('error', onBroken);
        client.release(broken);
      }
      this.options.logger.info({ sourceId: source.id }, 'requeueing orphaned knowledge source');
      await this.enqueue(source.id);
    }
    for (const source of await sourcesDueForSync(db, new Date())) {
      await this.reprocess(source);
    }
  }
}

const lockNamespace = 7_318_211;

export function contentHash(bytes: Uint8Array | string) {
  return createHash('sha256').update(bytes).digest('hex');
}

const stageOrder: ProcessingStage[] = [
  'uploaded',
  'extracting',
  'chunking',
  'indexing',
  'completed',
];

// The four spec steps follow the pipeline: a source has finished step i once it is past stage
// i + 1 (extracting, chunking, indexing); the last step is done when every source is searchable.
export function summariseTraining(sources: KnowledgeSource[]): Omit<TrainingState, 'sources'> {
  const live = sources.filter((source) => source.status !== 'failed');
  const running = live.some(
    (source) => source.status === 'pending' || source.status === 'processing',
  );
  const position = (source: KnowledgeSource) =>
    source.status === 'completed' ? stageOrder.length : stageOrder.indexOf(source.stage);
  const steps = trainingSteps.map((name, step) => {
    if (live.length === 0) {
      const failed = sources.length > 0;
      return { name, status: failed ? ('failed' as const) : ('pending' as const), progress: 0 };
    }
    const done = live.filter((source) => position(source) > step + 1).length;
    const progress = Math.round((done / live.length) * 100);
    const reached = live.some((source) => position(source) >= step + 1);
    const status =
      progress === 100
        ? ('complete' as const)
        : reached
          ? ('in_progress' as const)
          : ('pending' as const);
    return { name, status, progress };
  });
  return { running, steps };
}
