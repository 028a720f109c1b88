import {
  documentFailedMessage,
  type KnowledgeSource,
  maxUploadBytes,
  cancelledByStaffReason,
  type ProcessingStage,
  type QaPair,
  type SourceProgressEvent,
  sourceProgressEventName,
  type SyncSchedule,
  trainingSteps,
  type TrainingRun,
  type TrainingStarted,
  type TrainingState,
  type WebsitePage,
} from '@askwell/shared';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { reportUnlessStopping } from '../../db/unavailable';
import { uuidPattern } from '../../db/query-helpers';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/job-queue';
import type { Realtime } from '../../plugins/realtime';
import type { EmbedderLookup } from '../retrieval/embedder';
import type { Retriever } from '../retrieval/retriever';
import { embedSourceChunks, sourcesMissingEmbeddings } from './embed-chunks';
import { isArchiveUpload, unpackDocuments } from './document-archive';
import { DocumentStorage, sanitizeFileName } from './document-storage';
import { detectDocumentKind } from './extraction/detect-document-kind';
import { DocumentPreparer, readerMessages, ReaderStoppedError } from './prepare-document';
import {
  recentSourcesIn,
  searchSources,
  sourceNames,
  deleteSource,
  findOwnedSource,
  findSource,
  recordAttempt,
  insertSource,
  insertSources,
  listOwnedSources,
  lockBotDocuments,
  listPages,
  sourcesDueForSync,
  sourcesInFlight,
  updateSource,
  updateSourceInFlight,
  type NewSource,
  type PageRow,
  type SourceRow,
} from './knowledge.repository';
import { ingestSource, IngestFailure, throttleProgress } from './ingest-source.job';
import { nextSyncAt } from './sync-schedule';

export const ingestQueue = 'knowledge-ingest';

// Reading attempts per source, counted before each read (so an attempt that died with its process
// counts), until a person queues it again (Retry, Start Training).
export const maxIngestAttempts = 3;
const attemptsExhausted = `This file was tried ${maxIngestAttempts} times without finishing, so it won't be tried again on its own.`;

type IngestJob = { sourceId: string };

// The source stopped being in flight while its job ran (staff cancelled it): the job ends quietly.
class SourceCancelled extends Error {}

export type KnowledgeServiceOptions = {
  db: Database;
  pool: pg.Pool;
  queue: JobQueue;
  realtime: Realtime;
  logger: Logger;
  dataDir: string;
  concurrency: number;
  allowPrivateNetwork: boolean;
  // The owner's embedding provider: with one, chunks are also embedded (and searched densely by
  // the retriever). Absent: lexical search only.
  embedderFor?: EmbedderLookup;
  retriever: Retriever;
};

// An uploaded file as it arrives: `truncated` is set when the stream stopped at the size limit.
export type UploadedFile = { stream: Readable & { truncated?: boolean }; filename: string };

export function uploadTooLarge() {
  return new AppError(
    'payload_too_large',
    'This file is larger than 10 MB. Split it into smaller files and upload them one by one.',
  );
}

export function toKnowledgeSource(row: SourceRow, botName: string): KnowledgeSource {
  return {
    id: row.id,
    botId: row.botId,
    botName,
    kind: row.kind,
    name: row.name,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    error: row.status === 'failed' ? failureText(row.errorMessage) : null,
    errorCode: row.errorCode,
    notes: (row.settings as { notes?: string[] }).notes ?? [],
    documentType: row.documentType ?? null,
    sizeBytes: row.sizeBytes ?? null,
    url: row.url,
    syncSchedule: row.syncSchedule ?? null,
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
    status: row.status,
    detail: row.detail,
    chunkCount: row.chunkCount,
    fetchedAt: row.fetchedAt.toISOString(),
  };
}

export class KnowledgeService {
  private readonly storage: DocumentStorage;
  private readonly preparer = new DocumentPreparer();
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;
  // A sweep still running when the next is due is let finish: two would requeue the same sources.
  private sweeping = false;

  constructor(private readonly options: KnowledgeServiceOptions) {
    this.storage = new DocumentStorage(options.dataDir);
  }

  private async embedderFor(userId: string) {
    return (await this.options.embedderFor?.(userId)) ?? null;
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
      if (this.sweeping) return;
      this.sweeping = true;
      this.sweep()
        .catch((error: unknown) =>
          reportUnlessStopping(
            error,
            () => this.stopping,
            () => this.options.logger.error({ err: error }, 'knowledge sweep failed'),
          ),
        )
        .finally(() => (this.sweeping = false));
    }, 15_000);
    this.sweeper.unref();
  }

  stop() {
    this.stopping = true;
    clearInterval(this.sweeper);
    void this.preparer.close();
  }

  async create(source: NewSource) {
    const row = await insertSource(this.options.db, source);
    await this.enqueue(row.id);
    return row;
  }

  // A set of question-and-answer pairs written by the owner (the Q&A editor, or 'Add an answer'
  // on the analytics page).
  createQa(owner: { userId: string; botId: string }, name: string, pairs: QaPair[]) {
    return this.create({
      ...owner,
      kind: 'qa',
      name,
      settings: { pairs },
      contentHash: contentHash(JSON.stringify(pairs)),
    });
  }

  // The file is streamed to a temporary place (hashed as it arrives), refused when it is too large,
  // empty or not a supported type by its content, then kept under the bot and queued for reading.
  // `onReceived` learns how many bytes arrived, refused or not: the account's allowance counts them.
  async upload(
    owner: { userId: string; botId: string },
    file: UploadedFile,
    onReceived?: (bytes: number) => void,
    allowDocuments?: DocumentAllowance,
  ) {
    let received: Awaited<ReturnType<DocumentStorage['receive']>>;
    try {
      received = await this.storage.receive(file.stream);
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge();
      throw error;
    }
    const { tempPath } = received;
    onReceived?.(received.size);
    let kept: string | null = null;
    try {
      if (file.stream.truncated || received.size > maxUploadBytes) throw uploadTooLarge();
      if (received.size === 0) {
        throw new AppError('validation_error', 'This file is empty.', {
          file: 'This file is empty.',
        });
      }
      const bytes = new Uint8Array(await this.storage.read(tempPath));
      if (isArchiveUpload(file.filename, bytes)) {
        const added = await this.addArchive(owner, bytes, allowDocuments);
        await this.storage.discard(tempPath);
        return added;
      }
      const kind = await detectDocumentKind(bytes, file.filename);
      if (!kind) {
        throw new AppError(
          'unsupported_media_type',
          'This file type is not supported. Upload PDF, DOC, DOCX, TXT or MD files.',
        );
      }
      const id = randomUUID();
      kept = this.storage.pathFor(owner.userId, owner.botId, id);
      await this.storage.keep(tempPath, kept);
      const document: NewSource = {
        id,
        botId: owner.botId,
        userId: owner.userId,
        kind: 'document',
        name: sanitizeFileName(file.filename),
        documentType: kind,
        sizeBytes: received.size,
        storagePath: kept,
        contentHash: received.sha256,
      };
      // Counted and added under the same per-bot lock as archives, so neither another upload
      // nor an archive can take the last room at the same time.
      const source = await this.options.db.transaction(async (tx) => {
        await lockBotDocuments(tx, owner.botId);
        await allowDocuments?.(1, tx);
        return insertSource(tx, document);
      });
      await this.enqueue(source.id);
      return { kind: 'document' as const, source };
    } catch (error) {
      await this.storage.discard(tempPath);
      if (kept) await this.storage.discard(kept);
      throw error;
    }
  }

  // Every document of the archive becomes a source of its own, all added in one statement: a
  // failure leaves neither rows nor files behind. The plan's documents-per-bot limit is checked
  // against what was really unpacked, under a per-bot lock, so two archives at once cannot both
  // fit into the same room.
  private async addArchive(
    owner: { userId: string; botId: string },
    bytes: Uint8Array,
    allowDocuments?: DocumentAllowance,
  ) {
    const { documents, skipped } = await unpackDocuments(bytes);
    const written: string[] = [];
    let sources: SourceRow[];
    try {
      sources = await this.options.db.transaction(async (tx) => {
        await lockBotDocuments(tx, owner.botId);
        await allowDocuments?.(documents.length, tx);
        const rows: NewSource[] = [];
        for (const document of documents) {
          const id = randomUUID();
          const storagePath = this.storage.pathFor(owner.userId, owner.botId, id);
          await this.storage.write(storagePath, document.content);
          written.push(storagePath);
          rows.push({
            id,
            botId: owner.botId,
            userId: owner.userId,
            kind: 'document',
            name: document.name,
            documentType: document.kind,
            sizeBytes: document.content.length,
            storagePath,
            contentHash: document.sha256,
          });
        }
        return insertSources(tx, rows);
      });
    } catch (error) {
      await Promise.all(written.map((storagePath) => this.storage.discard(storagePath)));
      throw error;
    }
    // A source whose job could not be queued stays pending, and the sweeper queues it.
    await this.options.queue.sendMany<IngestJob>(
      ingestQueue,
      sources.map((source) => ({ sourceId: source.id })),
    );
    return { kind: 'archive' as const, sources, skipped };
  }

  async enqueue(sourceId: string) {
    await this.options.queue.send<IngestJob>(ingestQueue, { sourceId });
  }

  // Puts a finished source back through the pipeline (Retry, Sync now, Start Training).
  async reprocess(row: SourceRow) {
    const updated = await this.markForReprocess(row);
    if (updated) await this.afterReprocess(updated);
    return updated;
  }

  // reprocess in two halves, for a caller that records the change in its own transaction: the
  // job is queued only once the source is committed as waiting.
  markForReprocess(row: SourceRow, tx: Executor = this.options.db) {
    return updateSource(tx, row.id, {
      status: 'pending',
      stage: 'uploaded',
      progress: 0,
      attempts: 0,
      errorCode: null,
      errorMessage: null,
    });
  }

  async afterReprocess(row: SourceRow) {
    this.publish(row);
    await this.enqueue(row.id);
  }

  // Any account's source, for staff; a malformed id is simply not found.
  async findSourceById(sourceId: string) {
    return uuidPattern.test(sourceId) ? findSource(this.options.db, sourceId) : null;
  }

  async remove(row: SourceRow) {
    await deleteSource(this.options.db, row);
    if (row.storagePath) await this.storage.discard(row.storagePath);
  }

  async deleteBotFiles(userId: string, botId: string) {
    await this.storage.removeBot(userId, botId);
  }

  // With the name of its bot; another customer's source (or a malformed id) is simply not found.
  async findOwnedSource(userId: string, sourceId: string) {
    return uuidPattern.test(sourceId) ? findOwnedSource(this.options.db, userId, sourceId) : null;
  }

  setSyncSchedule(sourceId: string, syncSchedule: SyncSchedule | null) {
    return updateSource(this.options.db, sourceId, {
      syncSchedule,
      nextSyncAt: nextSyncAt(syncSchedule),
    });
  }

  async pagesOf(sourceId: string) {
    return (await listPages(this.options.db, sourceId)).map(toWebsitePage);
  }

  // The owner's search box ranks a bot's passages as the chat engine does.
  search(botId: string, question: string, limit: number) {
    return this.options.retriever.rank(botId, question, { limit });
  }

  // Citations name their sources; the chat path and the analytics page show those names.
  sourceNames(userId: string, sourceIds: string[]) {
    return sourceNames(this.options.db, userId, sourceIds);
  }

  searchSources(userId: string, text: string, limit: number) {
    return searchSources(this.options.db, userId, text, limit);
  }

  recentOutcomes(userId: string, limit: number) {
    return recentSourcesIn(this.options.db, userId, ['completed', 'failed'], limit);
  }

  failedSources(userId: string, limit: number) {
    return recentSourcesIn(this.options.db, userId, ['failed'], limit);
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
  async startTraining(userId: string, botId: string): Promise<TrainingStarted> {
    const rows = await listOwnedSources(this.options.db, userId, botId);
    const run: TrainingRun = { reread: 0, embedding: 0, inProgress: 0, upToDate: 0 };
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
        else run.upToDate += 1;
        continue;
      }
      if (source.status === 'pending' || source.status === 'processing') {
        run.inProgress += 1;
        continue;
      }
      await this.reprocess(source);
      run.reread += 1;
    }
    run.embedding = embedOnly.length;
    // Chunks that lack only their vectors (the provider was added later, or failed) are
    // embedded in place: the text and its lexical index stay as they are and searchable.
    void this.embedInBackground(embedOnly);
    return { ...(await this.trainingState(userId, botId)), run };
  }

  private async embedInBackground(sources: SourceRow[]) {
    for (const source of sources) await this.embedChunks(source);
  }

  publish(row: SourceRow) {
    const event: SourceProgressEvent = {
      sourceId: row.id,
      botId: row.botId,
      status: row.status,
      stage: row.stage,
      progress: row.progress,
      error: row.status === 'failed' ? failureText(row.errorMessage) : null,
      chunkCount: row.chunkCount,
      updatedAt: row.updatedAt.toISOString(),
    };
    this.options.realtime.toUser(row.userId, sourceProgressEventName, event);
  }

  // A write refused because the source is no longer in flight stops the job at this step, before
  // it stores chunks or marks the source completed.
  private async progress(sourceId: string, patch: Partial<NewSource>) {
    const row = await updateSourceInFlight(this.options.db, sourceId, patch);
    if (!row) throw new SourceCancelled();
    this.publish(row);
    return row;
  }

  // Staff's Cancel: the source fails with the reason at once, in the caller's transaction, so
  // nothing is left 'processing'. Null when it was not waiting or being read.
  async cancel(sourceId: string, tx: Executor = this.options.db) {
    return updateSourceInFlight(tx, sourceId, {
      status: 'failed',
      stage: 'failed',
      errorCode: 'processing_error',
      errorMessage: cancelledByStaffReason,
    });
  }

  // After the cancellation committed: the queue forgets its job and the owner's screens update; a
  // running job stops at its next step.
  async afterCancel(row: SourceRow) {
    await this.options.queue.cancelOpen(ingestQueue, 'sourceId', row.id);
    this.publish(row);
  }

  openJobsFor(sourceIds: string[]) {
    return this.options.queue.openJobsFor(ingestQueue, 'sourceId', sourceIds);
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
        await this.ingestLocked(sourceId, finalAttempt);
      } catch (error) {
        if (!(error instanceof SourceCancelled)) throw error;
        this.options.logger.info({ sourceId }, 'knowledge job stopped: its source was cancelled');
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

  private async ingestLocked(sourceId: string, finalAttempt: boolean) {
    const source = await recordAttempt(this.options.db, sourceId);
    if (!source) return;
    const attempt = source.attempts;
    if (attempt > maxIngestAttempts) {
      await this.failExhausted(sourceId);
      return;
    }
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
      if (error instanceof SourceCancelled) throw error;
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
      if (finalAttempt || attempt >= maxIngestAttempts) {
        await this.progress(sourceId, {
          status: 'failed',
          stage: 'failed',
          errorCode: 'processing_error',
          errorMessage:
            error instanceof ReaderStoppedError
              ? readerMessages.stopped
              : 'an unexpected error stopped processing; please retry',
        });
        return;
      }
      // pg-boss retries with back-off; the source stays 'processing' meanwhile.
      throw error;
    }
  }

  private async failExhausted(sourceId: string) {
    const row = await updateSourceInFlight(this.options.db, sourceId, {
      status: 'failed',
      stage: 'failed',
      errorCode: 'processing_error',
      errorMessage: attemptsExhausted,
    });
    if (row) this.publish(row);
  }

  // Finds sources that are waiting with no job to run them (their worker was killed, or the
  // queue lost track) and websites due for their scheduled re-sync. A job pg-boss still shows as
  // 'active' is open only while its worker holds the source's lock; one whose worker died is
  // re-queued, unless the source has used up its attempts: then it fails here, so a file that
  // kept killing its process is never read again on its own.
  async sweep() {
    const { db, pool, queue } = this.options;
    const inFlight = await sourcesInFlight(db);
    // One look at the queue for all of them: a bulk upload leaves thousands waiting, and a query
    // per source (each reading the queue's jobs) made every sweep slower than the work it watched.
    const waiting = new Set(
      (
        await queue.openJobsFor(
          ingestQueue,
          'sourceId',
          inFlight.map((source) => source.id),
        )
      )
        .filter((job) => job.state !== 'active')
        .map((job) => job.key),
    );
    for (const source of inFlight) {
      if (waiting.has(source.id)) continue;
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
      if (source.attempts >= maxIngestAttempts) {
        this.options.logger.warn({ sourceId: source.id }, 'knowledge source used up its attempts');
        await this.failExhausted(source.id);
        continue;
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

// Refuses (throws) when `count` more documents would not fit the bot under its owner's plan;
// reads through `tx`, which holds the bot's archive lock.
export type DocumentAllowance = (count: number, tx: Executor) => Promise<void>;

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
