import type { ExtractionFailureCode } from '@askwell/shared';
import type { Database } from '../../db/client';
import type { DocumentPreparer } from './prepare-document';
import {
  deletePages,
  listPages,
  replaceChunks,
  upsertPage,
  type NewChunk,
  type NewSource,
  type SourceRow,
} from './knowledge.repository';
import { nextSyncAt } from './sync-schedule';
import { chunkSections, countWords, type SectionInput } from '../retrieval/chunk-sections';
import { contentHash as pageContentHash } from './website/content-hash';
import { crawlSite } from './website/crawl-site';
import { qaChunkText } from '../retrieval/qa-chunk';

// A failure that retrying cannot fix (a damaged or encrypted file); the customer sees its message.
export class IngestFailure extends Error {
  constructor(
    readonly code: ExtractionFailureCode,
    message: string,
  ) {
    super(message);
  }
}

export type IngestContext = {
  db: Database;
  // The document's original as uploaded, null when it is missing.
  original: () => Promise<Uint8Array | null>;
  preparer: DocumentPreparer;
  allowPrivateNetwork: boolean;
  progress: (patch: Partial<NewSource>) => Promise<unknown>;
  // Adds vectors to the source's new chunks when an embedding provider is configured; never
  // throws (a source without vectors is still searchable by its words).
  embed?: () => Promise<void>;
};

// Live progress is for people: steps that follow each other within a few hundred milliseconds
// are written (and pushed) together, which spares a small document most of its round trips. A
// change of status is never held back. Writes are applied one after another in call order: a
// step reported without waiting (extraction runs in a child process) must not land after
// completion.
const ignore = () => undefined;

export function throttleProgress(
  write: (patch: Partial<NewSource>) => Promise<unknown>,
  intervalMs = 250,
): IngestContext['progress'] {
  let held: Partial<NewSource> = {};
  let lastWrite = 0;
  let previous: Promise<unknown> = Promise.resolve();
  return (patch) => {
    held = { ...held, ...patch };
    if (patch.status === undefined && Date.now() - lastWrite < intervalMs) {
      return previous.then(ignore, ignore);
    }
    const due = held;
    held = {};
    lastWrite = Date.now();
    const written = previous.catch(() => undefined).then(() => write(due));
    previous = written;
    return written;
  };
}

type QaSettings = { pairs?: Array<{ question: string; answer: string }> };
type WebsiteSettings = { maxPages?: number; maxDepth?: number };

export async function ingestSource(source: SourceRow, context: IngestContext) {
  if (source.kind === 'document') return ingestDocument(source, context);
  if (source.kind === 'qa') return ingestQa(source, context);
  if (source.kind === 'website') return ingestWebsite(source, context);
  throw new IngestFailure('unsupported_format', `unknown source kind ${source.kind}`);
}

// A source's sections as chunk rows: the chunking and term extraction every text goes through.
export function toChunkRows(
  source: SourceRow,
  sections: SectionInput[],
  pageId?: string,
): NewChunk[] {
  return chunkSections(sections).map((chunk) => ({
    botId: source.botId,
    sourceId: source.id,
    pageId: pageId ?? null,
    ordinal: chunk.ordinal,
    heading: chunk.heading,
    text: chunk.text,
    pageNumber: chunk.page,
    url: chunk.url,
    tokenCount: countWords(chunk.text),
  }));
}

async function ingestDocument(source: SourceRow, context: IngestContext) {
  const { preparer, progress } = context;
  await progress({ status: 'processing', stage: 'extracting', progress: 10 });
  const bytes = await context.original();
  if (!bytes) throw new IngestFailure('corrupt_file', 'the original file is missing');
  const prepared = await preparer.prepare(new Uint8Array(bytes), source.name, () =>
    progress({ stage: 'chunking', progress: 45 }),
  );
  if (!prepared.ok) throw new IngestFailure(prepared.code, prepared.message);
  if (prepared.chunks.length === 0) {
    throw new IngestFailure('no_text', 'no extractable text was found (is it a scanned image?)');
  }

  const rows: NewChunk[] = prepared.chunks.map((chunk) => ({
    ...chunk,
    botId: source.botId,
    sourceId: source.id,
    pageId: null,
  }));
  // Pages skipped because they took too long are told to the owner next to the document.
  await storeChunks(source, rows, context, {
    documentType: prepared.kind,
    settings: { ...source.settings, notes: prepared.notes },
  });
}

// The last step of every source: its chunks replace the old ones, get their vectors when the owner
// has an embedding provider, and the source is searchable.
async function storeChunks(
  source: SourceRow,
  rows: NewChunk[],
  { db, progress, embed }: Pick<IngestContext, 'db' | 'progress' | 'embed'>,
  completed: Partial<NewSource> = {},
) {
  await progress({ stage: 'indexing', progress: 70 });
  await replaceChunks(db, { sourceId: source.id }, rows);
  await embed?.();
  await progress({
    status: 'completed',
    stage: 'completed',
    progress: 100,
    chunkCount: rows.length,
    indexedHash: source.contentHash,
    ...completed,
  });
}

// Chunking and indexing of text that needs no extraction (an imported corpus): the same chunks
// and terms as a document's reader process produces, computed here. `npm run eval:retrieval` uses it.
export async function indexSections(
  source: SourceRow,
  sections: SectionInput[],
  context: Pick<IngestContext, 'db' | 'progress' | 'embed'>,
  completed: Partial<NewSource> = {},
) {
  await context.progress({ stage: 'chunking', progress: 45 });
  const rows = toChunkRows(source, sections);
  if (rows.length === 0) {
    throw new IngestFailure('no_text', 'no extractable text was found (is it a scanned image?)');
  }
  await storeChunks(source, rows, context, completed);
}

async function ingestQa(source: SourceRow, context: IngestContext) {
  await context.progress({ status: 'processing', stage: 'chunking', progress: 30 });
  const pairs = (source.settings as QaSettings).pairs ?? [];
  const rows: NewChunk[] = pairs.map((pair, ordinal) => {
    const text = qaChunkText(pair.question, pair.answer);
    return {
      botId: source.botId,
      sourceId: source.id,
      ordinal,
      heading: pair.question,
      text,
      tokenCount: countWords(text),
      question: pair.question,
    };
  });
  await storeChunks(source, rows, context);
}

// Re-sync: unchanged pages keep their chunks, changed pages are re-indexed, pages that disappeared
// are removed with their chunks.
async function ingestWebsite(source: SourceRow, context: IngestContext) {
  const { db, progress, allowPrivateNetwork, embed } = context;
  const settings = source.settings as WebsiteSettings;
  const maxPages = settings.maxPages ?? 100;
  // Set first, so a site that keeps failing is retried on its schedule, not in a tight loop.
  await progress({
    status: 'processing',
    stage: 'extracting',
    progress: 5,
    nextSyncAt: nextSyncAt(source.syncSchedule),
  });

  const known = new Map((await listPages(db, source.id)).map((page) => [page.url, page]));
  const seen = new Set<string>();
  let indexedPages = 0;
  let chunkTotal = 0;
  let crawled = 0;
  for await (const page of crawlSite({
    startUrl: source.url!,
    maxPages,
    maxDepth: settings.maxDepth ?? 3,
    allowPrivateNetwork,
  })) {
    crawled += 1;
    seen.add(page.url);
    const previous = known.get(page.url);
    if (!page.ok) {
      await upsertPage(db, {
        sourceId: source.id,
        url: page.url,
        title: previous?.title ?? null,
        status: page.reason === 'robots' || page.reason === 'not_html' ? 'skipped' : 'failed',
        detail: page.detail,
        contentHash: null,
        chunkCount: 0,
      });
      if (previous && previous.chunkCount > 0) {
        await replaceChunks(db, { sourceId: source.id, pageId: previous.id }, []);
      }
    } else {
      const hash = page.contentHash ?? pageContentHash(page);
      if (previous && previous.contentHash === hash && previous.chunkCount > 0) {
        await upsertPage(db, { ...previous, status: 'unchanged', detail: null });
        chunkTotal += previous.chunkCount;
      } else {
        const row = await upsertPage(db, {
          sourceId: source.id,
          url: page.url,
          title: page.title,
          status: 'indexed',
          detail: null,
          contentHash: hash,
          chunkCount: 0,
        });
        const sections = page.sections.map((section) => ({ ...section, url: page.url }));
        const rows = toChunkRows(source, sections, row.id);
        await replaceChunks(db, { sourceId: source.id, pageId: row.id }, rows);
        await upsertPage(db, { ...row, chunkCount: rows.length });
        chunkTotal += rows.length;
      }
      indexedPages += 1;
    }
    await progress({
      stage: 'indexing',
      progress: Math.min(95, 5 + Math.round((crawled / maxPages) * 90)),
      pageCount: seen.size,
    });
  }

  const gone = [...known.values()].filter((page) => !seen.has(page.url));
  await deletePages(
    db,
    gone.map((page) => page.id),
  );
  if (indexedPages === 0) {
    throw new IngestFailure(
      'no_text',
      crawled === 0 ? 'no page could be fetched from this address' : 'no page had readable text',
    );
  }
  await embed?.();
  await progress({
    status: 'completed',
    stage: 'completed',
    progress: 100,
    pageCount: seen.size,
    chunkCount: chunkTotal,
    lastSyncedAt: new Date(),
  });
}
