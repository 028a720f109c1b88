import {
  documentFailedMessage,
  type KnowledgeSource,
  maxArchiveDocuments,
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
import type { ClaimedJob, JobContext, JobQueue } from '../../lib/job-queue';
import type { Realtime } from '../../plugins/realtime';
import type { EmbedderLookup } from '../retrieval/embedder';
import type { Retriever } from '../retrieval/retriever';
import { embedSourceChunks, sourcesMissingEmbeddings } from './embed-chunks';
import { isArchiveUpload, unpackDocuments } from './document-archive';
import { moveStoredOriginals, receiveUpload, sanitizeFileName } from './document-storage';
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
  completeDocuments,
  insertOriginals,
  insertSource,
  insertDocuments,
  listOwnedSources,
  lockBotDocuments,
  listPages,
  readOriginals,
  replaceSourceChunks,
  smallDocumentsInFlight,
  startAttempts,
  sourcesDueForSync,
  sourcesInFlight,
  updateSource,
  updateSourceInFlight,
  type CompletedDocument,
  type NewChunk,
  type NewDocument,
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

// One source, or an upload's small documents, read together: one job for all of them spares the
// queue hundreds of rows to insert, claim and complete per archive, which took PostgreSQL about
// 0.4 s over the 11 archives of SciFact's abstracts.
type SourceJob = { sourceId: string };
type IngestJob = SourceJob | { sourceIds: string[] };

// Plain-text documents up to this size are read together: a worker slot that takes the job of one
// also takes the waiting jobs of up to `ingestBatchSize - 1` others of the same bot, and reads them
// in one round trip to its reader, writes their passages in one statement and marks them completed
// in another. One by one, each cost its own job fetch, reader round trip and about 11 statements.
const smallDocumentBytes = 256 * 1024;
const batchDocumentTypes: Array<NonNullable<SourceRow['documentType']>> = ['txt', 'md'];
// Up to an archive's worth of documents a batch: SciFact's 5,183 abstracts as 11 archives were
// searchable about 0.7 s sooner than with 50 a batch (8.2 against 8.9 s, three runs each). The
// reader holds a whole batch in memory, so its bytes stay within what 50 documents of the largest
// batched size could hold.
const ingestBatchSize = maxArchiveDocuments;
const ingestBatchBytes = 50 * smallDocumentBytes;

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

// A file of an upload as it arrived, whole.
export type ReceivedFile = { filename: string; size: number; sha256: string; bytes: Uint8Array };

// Receives one file in memory, hashed as it arrives; refused past `limitBytes`. `onReceived`
// learns how many bytes arrived, refused or not: the account's allowance counts them.
export async function receiveFile(
  file: UploadedFile,
  limitBytes: number,
  onReceived?: (bytes: number) => void,
): Promise<ReceivedFile> {
  let received: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    received = await receiveUpload(file.stream, limitBytes);
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadTooLarge();
    throw error;
  }
  onReceived?.(received?.size ?? limitBytes);
  if (!received || file.stream.truncated) throw uploadTooLarge();
  return { filename: file.filename, ...received, bytes: new Uint8Array(received.bytes) };
}

// The document a received file becomes, once it is known to be one (not empty, and a supported
// type by its content).
async function documentOf(owner: { userId: string; botId: string }, file: ReceivedFile) {
  if (file.size === 0) {
    throw new AppError('validation_error', 'This file is empty.', { file: 'This file is empty.' });
  }
  const kind = await detectDocumentKind(file.bytes, file.filename);
  if (!kind) {
    throw new AppError(
      'unsupported_media_type',
      'This file type is not supported. Upload PDF, DOC, DOCX, TXT or MD files.',
    );
  }
  const document: NewDocument = {
    id: randomUUID(),
    botId: owner.botId,
    userId: owner.userId,
    name: sanitizeFileName(file.filename),
    documentType: kind,
    sizeBytes: file.size,
    contentHash: file.sha256,
  };
  return { document, content: file.bytes };
}

type DocumentUpload = Awaited<ReturnType<typeof documentOf>>;

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
  private readonly preparer = new DocumentPreparer();
  private readonly waitingDocuments = new Map<
    string,
    Array<{
      document: NewDocument;
      content: Uint8Array;
      allowDocuments?: DocumentAllowance;
      resolve: (row: SourceRow) => void;
      reject: (error: unknown) => void;
    }>
  >();
  private sweeper: NodeJS.Timeout | undefined;
  private stopping = false;
  // A sweep still running when the next is due is let finish: two would requeue the same sources.
  private sweeping = false;

  constructor(private readonly options: KnowledgeServiceOptions) {}

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
      (job, context) =>
        'sourceIds' in job
          ? this.runIngestTogether(job.sourceIds, context)
          : this.runIngest(job.sourceId, context),
    );
    await moveStoredOriginals(this.options.db, this.options.dataDir, this.options.logger);
    await this.sweep();
    void this.preparer.warm(this.options.concurrency);
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

  // The file is received in memory (hashed as it arrives), refused when it is too large, empty or
  // not a supported type by its content, then stored with its source and queued for reading.
  // `onReceived` learns how many bytes arrived, refused or not: the account's allowance counts them.
  async upload(
    owner: { userId: string; botId: string },
    file: UploadedFile,
    onReceived?: (bytes: number) => void,
    allowDocuments?: DocumentAllowance,
  ) {
    return this.addUpload(
      owner,
      await receiveFile(file, maxUploadBytes, onReceived),
      allowDocuments,
    );
  }

  // A file sent on its own: a .zip adds each document in it, any other file is one document.
  async addUpload(
    owner: { userId: string; botId: string },
    file: ReceivedFile,
    allowDocuments?: DocumentAllowance,
  ) {
    if (isArchiveUpload(file.filename, file.bytes)) {
      return this.addArchive(owner, file.bytes, allowDocuments);
    }
    const [added] = this.addDocuments(owner, [await documentOf(owner, file)], allowDocuments);
    return { kind: 'document' as const, source: await added! };
  }

  // Several files of one request, each added or refused on its own (as one request each would
  // have been), the ones added in one transaction. A .zip is unpacked only when sent on its own.
  async uploadFiles(
    owner: { userId: string; botId: string },
    files: ReceivedFile[],
    allowDocuments?: DocumentAllowance,
  ): Promise<Array<{ name: string; source: SourceRow | null; error: string | null }>> {
    const prepared = await Promise.allSettled(
      files.map(async (file) => {
        if (isArchiveUpload(file.filename, file.bytes)) {
          throw new AppError(
            'validation_error',
            'A .zip is added on its own: upload it by itself, not with other files.',
          );
        }
        return documentOf(owner, file);
      }),
    );
    const adding = this.addDocuments(
      owner,
      prepared.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])),
      allowDocuments,
    );
    let next = 0;
    const outcomes = await Promise.allSettled(
      prepared.map((outcome) =>
        outcome.status === 'fulfilled' ? adding[next++]! : Promise.reject(outcome.reason),
      ),
    );
    return outcomes.map((outcome, index) => {
      const name = sanitizeFileName(files[index]!.filename);
      if (outcome.status === 'fulfilled') return { name, source: outcome.value, error: null };
      const error: unknown = outcome.reason;
      if (error instanceof AppError) return { name, source: null, error: error.message };
      this.options.logger.error({ err: error }, 'adding an uploaded file failed');
      return { name, source: null, error: 'This file could not be added. Please try again.' };
    });
  }

  // Added, then counted under the same per-bot lock as archives (see addArchive), so neither
  // another upload nor an archive can take the last room at the same time. Uploads to one bot
  // that arrive while its lock is held wait together and are then counted, added and queued
  // together (one transaction, one statement each): one at a time, 8 uploads at once spent most
  // of their time queued for that lock (123 ms of a 190 ms upload), each holding it for its own
  // round trips and commit.
  // If the documents together do not fit, each is counted on its own, so the ones that fit are
  // added and the others refused, as one after another would have been.
  // One promise per document; the documents of one request wait in the same round.
  private addDocuments(
    owner: { userId: string; botId: string },
    documents: DocumentUpload[],
    allowDocuments?: DocumentAllowance,
  ) {
    const key = `${owner.userId}/${owner.botId}`;
    const waiting = this.waitingDocuments.get(key);
    const entries = documents.map(({ document, content }) => {
      let resolve!: (row: SourceRow) => void;
      let reject!: (error: unknown) => void;
      const added = new Promise<SourceRow>((done, fail) => {
        resolve = done;
        reject = fail;
      });
      return { entry: { document, content, allowDocuments, resolve, reject }, added };
    });
    if (entries.length === 0) return [];
    if (waiting) waiting.push(...entries.map(({ entry }) => entry));
    else {
      this.waitingDocuments.set(
        key,
        entries.map(({ entry }) => entry),
      );
      void this.addWaitingDocuments(key, owner.botId);
    }
    return entries.map(({ added }) => added);
  }

  private async addWaitingDocuments(key: string, botId: string) {
    for (;;) {
      const entries = this.waitingDocuments.get(key) ?? [];
      if (entries.length === 0) {
        this.waitingDocuments.delete(key);
        return;
      }
      // Uploads arriving from here on wait for the next round.
      this.waitingDocuments.set(key, []);
      const add = async (group: typeof entries) => {
        const rows = await this.options.db.transaction(async (tx) => {
          const inserted = await insertDocuments(
            tx,
            group.map((entry) => entry.document),
          );
          await insertOriginals(
            tx,
            group.map((entry) => ({ sourceId: entry.document.id, content: entry.content })),
          );
          await lockBotDocuments(tx, botId);
          await group[0]!.allowDocuments?.(group.length, tx);
          return inserted;
        });
        // A source whose job could not be queued stays pending, and the sweeper queues it.
        await this.options.queue
          .sendMany<IngestJob>(ingestQueue, this.jobsFor(rows))
          .catch((error: unknown) =>
            this.options.logger.warn({ err: error }, 'queueing uploaded documents failed'),
          );
        const byId = new Map(rows.map((row) => [row.id, row]));
        group.forEach((entry) => entry.resolve(byId.get(entry.document.id!)!));
      };
      try {
        await add(entries);
      } catch (error) {
        if (entries.length === 1) entries[0]!.reject(error);
        else {
          for (const entry of entries) await add([entry]).catch(entry.reject);
        }
      }
    }
  }

  // Every document of the archive becomes a source of its own, all added with their originals in
  // one transaction: a failure leaves nothing behind. The plan's documents-per-bot limit is
  // checked against what was really unpacked, under a per-bot lock taken once they are inserted
  // (the count then sees every upload committed before, and this one's own rows), so two archives
  // at once cannot both fit into the same room, and their inserts do not wait for each other:
  // 11 archives of 500 at once were all added after about 2 s, against 3 to 3.5 s with the lock
  // held over the inserts.
  private async addArchive(
    owner: { userId: string; botId: string },
    bytes: Uint8Array,
    allowDocuments?: DocumentAllowance,
  ) {
    const { documents, skipped } = await unpackDocuments(bytes);
    const sources = await this.options.db.transaction(async (tx) => {
      const rows: NewDocument[] = documents.map((document) => ({
        id: randomUUID(),
        botId: owner.botId,
        userId: owner.userId,
        name: document.name,
        documentType: document.kind,
        sizeBytes: document.content.length,
        contentHash: document.sha256,
      }));
      const inserted = await insertDocuments(tx, rows);
      await insertOriginals(
        tx,
        rows.map((row, index) => ({ sourceId: row.id, content: documents[index]!.content })),
      );
      await lockBotDocuments(tx, owner.botId);
      await allowDocuments?.(documents.length, tx);
      return inserted;
    });
    // A source whose job could not be queued stays pending, and the sweeper queues it.
    await this.options.queue.sendMany<IngestJob>(ingestQueue, this.jobsFor(sources));
    return { kind: 'archive' as const, sources, skipped };
  }

  // Small documents in jobs of up to a batch each, the others in a job of their own.
  private jobsFor(sources: SourceRow[]): IngestJob[] {
    const jobs: IngestJob[] = [];
    let batch: string[] = [];
    let bytes = 0;
    for (const source of sources) {
      if (!this.batchable(source)) {
        jobs.push({ sourceId: source.id });
        continue;
      }
      const size = source.sizeBytes ?? 0;
      if (
        batch.length === ingestBatchSize ||
        (batch.length > 0 && bytes + size > ingestBatchBytes)
      ) {
        jobs.push({ sourceIds: batch });
        batch = [];
        bytes = 0;
      }
      batch.push(source.id);
      bytes += size;
    }
    if (batch.length === 1) jobs.push({ sourceId: batch[0]! });
    else if (batch.length > 1) jobs.push({ sourceIds: batch });
    return jobs;
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

  // Its original, chunks and pages go with it.
  async remove(row: SourceRow) {
    await deleteSource(this.options.db, row);
  }

  // A document's original, as uploaded; null when it has none (not a document, or its file was
  // already missing when originals moved into the database).
  async original(sourceId: string) {
    return (await readOriginals(this.options.db, [sourceId])).get(sourceId) ?? null;
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

  // The waiting or running jobs of these sources, read alone or together.
  openJobsFor(sourceIds: string[]) {
    return this.options.queue.openJobsFor(ingestQueue, 'sourceId', sourceIds, 'sourceIds');
  }

  // One source at a time per source: the advisory lock lives as long as this connection, so a
  // worker that dies (even kill -9) releases it and the sweeper can hand the source to another.
  // Small documents of the same bot waiting behind this one are taken with it (their jobs claimed
  // and their sources locked on the same connection) and read together.
  private runIngest(sourceId: string, job: JobContext) {
    return this.withSourceLocks(sourceId, async (lock) => {
      if ((await lock([sourceId])).length === 0) return;
      const source = await recordAttempt(this.options.db, sourceId);
      if (!source) return;
      if (!this.batchable(source)) {
        await this.ingestLocked(source, job.finalAttempt);
        return;
      }
      // A second job of a source already in hand (the sweeper re-queued it) is simply done.
      const seen = new Set([sourceId]);
      const taken = await this.claimSmallDocuments(source);
      const distinct = taken.filter(
        (other) => !seen.has(other.data.sourceId) && seen.add(other.data.sourceId),
      );
      const held = new Set(await lock(distinct.map((other) => other.data.sourceId)));
      const claimed = distinct.filter((other) => held.has(other.data.sourceId));
      // A claimed job whose source another worker holds is done here, as a job whose lock is
      // taken always was; that worker finishes the source.
      await this.options.queue.complete(
        ingestQueue,
        taken.filter((other) => !claimed.includes(other)).map((other) => other.id),
      );
      await this.ingestBatch(
        [
          { sourceId, final: job.finalAttempt },
          ...claimed.map((other) => ({
            sourceId: other.data.sourceId,
            final: other.finalAttempt,
            claimed: other,
          })),
        ],
        sourceId,
      );
    });
  }

  // An upload's small documents, queued as one job (see jobsFor). A document another worker holds
  // (a job the sweeper or a Retry gave it) is left to that worker.
  private runIngestTogether(sourceIds: string[], job: JobContext) {
    return this.withSourceLocks(sourceIds[0]!, async (lock) => {
      const held = await lock(sourceIds);
      if (held.length === 0) return;
      await this.ingestBatch(
        held.map((sourceId) => ({ sourceId, final: job.finalAttempt })),
        null,
      );
    });
  }

  // Sources are read under advisory locks that live as long as one connection, handed to `work`
  // as `lock` (it returns the sources it could lock; the others are another worker's).
  private async withSourceLocks(
    sourceId: string,
    work: (lock: (sourceIds: string[]) => Promise<string[]>) => Promise<void>,
  ) {
    const client = await this.options.pool.connect();
    // The lock's connection sits idle while the document is read; if the database drops it (a
    // restart, a failover), node-postgres reports it on the client, and an unheard error would
    // bring the whole process down. The locks are gone with it, and the work carries on.
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost = error;
      this.options.logger.warn({ err: error, sourceId }, 'knowledge job lost its lock connection');
    };
    client.on('error', onLost);
    const locked: string[] = [];
    try {
      await work(async (sourceIds) => {
        const held = await tryLock(client, sourceIds);
        locked.push(...held);
        return held;
      });
    } catch (error) {
      if (error instanceof SourceCancelled) {
        this.options.logger.info({ sourceId }, 'knowledge job stopped: its source was cancelled');
        return;
      }
      throw error;
    } finally {
      if (!lost && locked.length > 0) {
        await client
          .query('select pg_advisory_unlock($1, hashtext(id)) from unnest($2::text[]) as id', [
            lockNamespace,
            locked,
          ])
          .catch((error: Error) => (lost = error));
      }
      client.off('error', onLost);
      // A broken connection is thrown away rather than handed to the next caller.
      client.release(lost);
    }
  }

  private batchable(source: SourceRow) {
    return (
      source.kind === 'document' &&
      source.attempts <= maxIngestAttempts &&
      (source.sizeBytes ?? Infinity) <= smallDocumentBytes &&
      source.documentType !== null &&
      batchDocumentTypes.includes(source.documentType)
    );
  }

  // The candidates are found from the bot's sources (by its index) and their jobs claimed by
  // their ids: a condition joining every waiting job to its source took the planner 20 s a claim
  // once the queue's table had grown.
  private async claimSmallDocuments(source: SourceRow) {
    const candidates = await smallDocumentsInFlight(this.options.db, source, {
      maxBytes: smallDocumentBytes,
      types: batchDocumentTypes,
      limit: ingestBatchSize * 4,
    });
    // Oldest first, as many as fit the batch's bytes beside the first: whichever of them the claim
    // gets, the batch fits.
    let room = ingestBatchBytes - (source.sizeBytes ?? 0);
    const fitting: string[] = [];
    for (const candidate of candidates) {
      room -= candidate.sizeBytes ?? 0;
      if (room < 0) break;
      fitting.push(candidate.id);
    }
    if (fitting.length === 0) return [];
    return this.options.queue.claim<SourceJob>(
      ingestQueue,
      ingestBatchSize - 1,
      `j.data->>'sourceId' = any($3::text[])`,
      [fitting],
    );
  }

  // The documents' attempts are counted here (`counted`'s was already, when its job began), in one
  // statement that also marks them all as being read. Whatever happens to one document (a file
  // the reader refuses, one that stops the reader) is that document's alone: it fails with its
  // reason, or is retried, while the others complete. A document with a claimed job is retried
  // through that job; the others belong to the running job, which is retried (with pg-boss's
  // back-off) by throwing, and then reads only those still waiting.
  private async ingestBatch(
    members: Array<{ sourceId: string; final: boolean; claimed?: ClaimedJob<SourceJob> }>,
    counted: string | null,
  ) {
    const { db, queue } = this.options;
    const claimed = members.flatMap((member) => (member.claimed ? [member.claimed] : []));
    const started = await startAttempts(
      db,
      members.map((member) => member.sourceId),
      counted,
    ).catch(async (error: Error) => {
      // The claimed jobs are retried like the running one (whose handler throws), not left to
      // expire.
      for (const job of claimed)
        await queue.fail(ingestQueue, job.id, error).catch(() => undefined);
      throw error;
    });
    const memberOf = new Map(members.map((member) => [member.sourceId, member]));
    const entries: Array<{ source: SourceRow; final: boolean }> = [];
    for (const source of started) {
      this.publish(source);
      if (source.attempts > maxIngestAttempts) {
        await this.failExhausted(source.id);
        continue;
      }
      entries.push({ source, final: memberOf.get(source.id)!.final });
    }
    const retry: Array<{ sourceId: string; error: Error }> = [];
    try {
      const alone = await this.readTogether(entries.map((entry) => entry.source));
      for (const entry of entries.filter((item) => alone.has(item.source.id))) {
        try {
          await this.ingestLocked(entry.source, entry.final);
        } catch (error) {
          if (error instanceof SourceCancelled) continue;
          retry.push({ sourceId: entry.source.id, error: error as Error });
        }
      }
    } catch (error) {
      // The batch's own statements failed (the database went away): every job is retried.
      for (const entry of entries) retry.push({ sourceId: entry.source.id, error: error as Error });
    }
    const retried = new Set(retry.map((item) => item.sourceId));
    for (const item of retry) {
      const job = memberOf.get(item.sourceId)?.claimed;
      if (job) await queue.fail(ingestQueue, job.id, item.error);
    }
    await queue.complete(
      ingestQueue,
      claimed.filter((job) => !retried.has(job.data.sourceId)).map((job) => job.id),
    );
    const ownRetry = retry.find((item) => !memberOf.get(item.sourceId)?.claimed);
    if (ownRetry) throw ownRetry.error;
  }

  // Reads the documents in one reader round trip, writes the passages of those that read well in
  // one statement and marks them completed in another. Returns the documents to read one by one
  // (the reader did not answer for them): the ordinary path then decides each one's fate.
  private async readTogether(sources: SourceRow[]) {
    const { db } = this.options;
    const alone = new Set<string>();
    if (sources.length === 0) return alone;
    const originals = await readOriginals(
      db,
      sources.map((source) => source.id),
    );
    const files = sources.map((source) => {
      const content = originals.get(source.id);
      return content
        ? new Uint8Array(content.buffer, content.byteOffset, content.byteLength)
        : null;
    });
    const readable = sources.filter((_, index) => files[index]);
    for (const source of sources.filter((_, index) => !files[index])) alone.add(source.id);
    const results = await this.preparer.prepareMany(
      readable.map((source) => ({ bytes: files[sources.indexOf(source)]!, name: source.name })),
    );
    if (!results) {
      for (const source of readable) alone.add(source.id);
      return alone;
    }
    const rows: NewChunk[] = [];
    const completed: CompletedDocument[] = [];
    const failed: Array<{ source: SourceRow; failure: IngestFailure }> = [];
    readable.forEach((source, index) => {
      const result = results[index];
      if (!result) {
        alone.add(source.id);
      } else if (!result.ok) {
        failed.push({ source, failure: new IngestFailure(result.code, result.message) });
      } else if (result.chunks.length === 0) {
        failed.push({
          source,
          failure: new IngestFailure(
            'no_text',
            'no extractable text was found (is it a scanned image?)',
          ),
        });
      } else {
        for (const chunk of result.chunks) {
          rows.push({ ...chunk, botId: source.botId, sourceId: source.id, pageId: null });
        }
        completed.push({
          sourceId: source.id,
          chunkCount: result.chunks.length,
          documentType: result.kind,
          notes: result.notes,
        });
      }
    });
    for (const { source, failure } of failed) {
      const row = await updateSourceInFlight(db, source.id, {
        status: 'failed',
        stage: 'failed',
        errorCode: failure.code,
        errorMessage: failure.message,
      });
      if (row) this.publish(row);
    }
    if (completed.length > 0) {
      await replaceSourceChunks(
        db,
        completed.map((document) => document.sourceId),
        rows,
      );
      const embedder = await this.embedderFor(sources[0]!.userId).catch(() => null);
      if (embedder) {
        for (const source of sources) {
          if (completed.some((document) => document.sourceId === source.id)) {
            await this.embedChunks(source);
          }
        }
      }
      const done = await completeDocuments(db, completed);
      for (const row of done) this.publish(row);
      // A document cancelled while it was read keeps no passages.
      const kept = new Set(done.map((row) => row.id));
      const cancelled = completed.filter((document) => !kept.has(document.sourceId));
      if (cancelled.length > 0) {
        await replaceSourceChunks(
          db,
          cancelled.map((document) => document.sourceId),
          [],
        );
      }
    }
    return alone;
  }

  // One source, its attempt already counted: read, and completed or failed with its reason.
  // Throws (so the job is retried) only for a transient error with attempts left.
  private async ingestLocked(source: SourceRow, finalAttempt: boolean) {
    const sourceId = source.id;
    const attempt = source.attempts;
    if (attempt > maxIngestAttempts) {
      await this.failExhausted(sourceId);
      return;
    }
    try {
      await ingestSource(source, {
        db: this.options.db,
        original: () => this.original(source.id),
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
    const { db, pool } = this.options;
    const inFlight = await sourcesInFlight(db);
    // One look at the queue for all of them: a bulk upload leaves thousands waiting, and a query
    // per source (each reading the queue's jobs) made every sweep slower than the work it watched.
    const waiting = new Set(
      (await this.openJobsFor(inFlight.map((source) => source.id)))
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

// The source locks taken, in one statement for many sources.
async function tryLock(client: pg.PoolClient, sourceIds: string[]) {
  if (sourceIds.length === 0) return [];
  const { rows } = await client.query<{ id: string }>(
    `select id from unnest($2::text[]) as id where pg_try_advisory_lock($1, hashtext(id))`,
    [lockNamespace, sourceIds],
  );
  return rows.map((row) => row.id);
}

// Refuses (throws) when the `count` documents `tx` has just added do not fit the bot under its
// owner's plan; reads through `tx`, which holds the bot's document lock.
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
