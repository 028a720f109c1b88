import type { DocumentKind, ExtractionFailureCode } from '@askwell/shared';
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { NewChunk } from './knowledge.repository';

export type PreparedChunk = Pick<
  NewChunk,
  'ordinal' | 'heading' | 'text' | 'pageNumber' | 'url' | 'tokenCount'
>;
export type PrepareResult =
  | { ok: true; kind: DocumentKind; chunks: PreparedChunk[]; notes: string[] }
  | { ok: false; code: ExtractionFailureCode; message: string };
export type PrepareRequest = { bytes: Uint8Array; name: string; skipPages: number[] };
// Many small documents in one round trip; a result is null where reading that one threw.
export type PrepareBatchRequest = { batch: Array<{ bytes: Uint8Array; name: string }> };
export type PrepareMessage =
  | { type: 'ready' }
  | { type: 'batch-done'; results: Array<PrepareResult | null> }
  | { type: 'page'; page: number }
  | { type: 'stage'; stage: 'chunking' }
  | { type: 'done'; result: PrepareResult }
  | { type: 'failed'; message: string };

// A customer's file is read in a child process: whatever the file does to the parsers (exhaust
// memory, loop, crash them), only that process dies, and these limits decide when it is stopped.
export const readerLimits = {
  // V8 heap of the reader; a 10 MB PDF needs well under this.
  heapMb: 192,
  // Resident memory of the whole reader (parsers also allocate outside the V8 heap).
  rssMb: 640,
  documentTimeoutMs: 5 * 60_000,
  // pdf.js can spend minutes on one page without yielding; such a page is skipped.
  pageTimeoutMs: 20_000,
  maxSkippedPages: 3,
};

const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;
const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;
export const readerMessages = {
  timeout: `Reading this file took longer than ${minutes(readerLimits.documentTimeoutMs)}, so it was stopped.`,
  memory: `This file needs more than ${readerLimits.rssMb} MB of memory to read, so it can't be read safely.`,
  slowPages: `More than ${readerLimits.maxSkippedPages} pages of this file each took longer than ${seconds(readerLimits.pageTimeoutMs)} to read, so it was stopped.`,
  stopped:
    "The program reading this file stopped unexpectedly on every attempt, so it won't be tried again on its own.",
  skippedPage: (page: number) =>
    `Page ${page} took longer than ${seconds(readerLimits.pageTimeoutMs)} to read and was skipped.`,
};

// The reader died of something that may not be the file's doing (killed from outside): the job is
// retried.
export class ReaderStoppedError extends Error {}

// The reader is TypeScript like the rest of the server: it runs under tsx's loader whether the
// server was started with `node --import tsx` or by vitest (whose own loader a child would not get).
function readerCommand() {
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  return {
    entry: fileURLToPath(new URL('./prepare-document.child.ts', import.meta.url)),
    execArgv: ['--import', tsx, `--max-old-space-size=${readerLimits.heapMb}`],
  };
}

type Reader = { child: ChildProcess; ready: Promise<boolean>; stderr: string };
type Outcome =
  | { kind: 'result'; result: PrepareResult }
  | { kind: 'batch'; results: Array<PrepareResult | null> }
  | { kind: 'page-timeout'; page: number }
  | { kind: 'timeout' }
  | { kind: 'memory' }
  | { kind: 'crashed'; detail: string };

async function residentMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function outOfMemory(reader: Reader, signal: NodeJS.Signals | null) {
  return signal === 'SIGABRT' || /heap out of memory|Reached heap limit/i.test(reader.stderr);
}

// A small pool of reader processes, reused from one document to the next (starting one costs
// about a second), one per ingest slot. A reader that was stopped is replaced.
export class DocumentPreparer {
  private readonly idle: Reader[] = [];
  private readonly all = new Set<Reader>();
  private command: ReturnType<typeof readerCommand> | undefined;
  private closing = false;
  private warming: Promise<void> | undefined;

  async prepare(
    bytes: Uint8Array,
    name: string,
    onChunking: () => Promise<unknown>,
  ): Promise<PrepareResult> {
    this.closing = false;
    const deadline = Date.now() + readerLimits.documentTimeoutMs;
    const skipped: number[] = [];
    for (;;) {
      const outcome = await this.attempt({ bytes, name, skipPages: skipped }, deadline, onChunking);
      if (outcome.kind === 'page-timeout') {
        skipped.push(outcome.page);
        if (skipped.length > readerLimits.maxSkippedPages) {
          return { ok: false, code: 'processing_error', message: readerMessages.slowPages };
        }
        continue;
      }
      if (outcome.kind === 'timeout') {
        return { ok: false, code: 'processing_error', message: readerMessages.timeout };
      }
      if (outcome.kind === 'memory') {
        return { ok: false, code: 'too_large', message: readerMessages.memory };
      }
      // Something outside the file may have killed the reader: the job is retried (a bounded
      // number of times).
      if (outcome.kind === 'crashed' || outcome.kind === 'batch') {
        throw new ReaderStoppedError(
          `the document reader ${outcome.kind === 'crashed' ? outcome.detail : 'answered a batch'}`,
        );
      }
      const notes = skipped.map(readerMessages.skippedPage);
      const { result } = outcome;
      if (result.ok) return { ...result, notes };
      if (notes.length > 0 && result.code === 'no_text') {
        return { ...result, message: `${notes.join(' ')} No other page had text.` };
      }
      return result;
    }
  }

  // Small documents read in one round trip to one reader, in order. Null when the reader did not
  // answer for all of them (one of them stopped it, took too long or too much memory, or a page
  // of a PDF hung): the caller then reads each on its own, so only the document at fault fails.
  async prepareMany(
    documents: Array<{ bytes: Uint8Array; name: string }>,
  ): Promise<Array<PrepareResult | null> | null> {
    this.closing = false;
    const deadline = Date.now() + readerLimits.documentTimeoutMs;
    const outcome = await this.attempt({ batch: documents }, deadline, () => Promise.resolve());
    if (outcome.kind !== 'batch' || outcome.results.length !== documents.length) return null;
    return outcome.results.map((result) => (result?.ok ? { ...result, notes: [] } : result));
  }

  private async attempt(
    request: PrepareRequest | PrepareBatchRequest,
    deadline: number,
    onChunking: () => Promise<unknown>,
  ): Promise<Outcome> {
    // Two readers loading at once on a small machine take longer than one loaded after another.
    if (this.idle.length === 0 && this.warming) await this.warming;
    const reader = this.idle.pop() ?? this.spawn();
    let reusable = false;
    try {
      if (!(await reader.ready)) return { kind: 'crashed', detail: 'could not start' };
      const { child } = reader;
      const outcome = await new Promise<Outcome>((resolve) => {
        let settled = false;
        let page: number | undefined;
        let pageTimer: NodeJS.Timeout | undefined;
        const settle = (value: Outcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(documentTimer);
          clearTimeout(pageTimer);
          clearInterval(memoryWatch);
          child.off('message', onMessage);
          child.off('exit', onExit);
          if (value.kind !== 'result' && value.kind !== 'batch') child.kill('SIGKILL');
          resolve(value);
        };
        const documentTimer = setTimeout(
          () => settle({ kind: 'timeout' }),
          Math.max(0, deadline - Date.now()),
        );
        const memoryWatch = setInterval(() => {
          void residentMb(child.pid!).then((mb) => {
            if (mb > readerLimits.rssMb) settle({ kind: 'memory' });
          });
        }, 200);
        const onMessage = (message: PrepareMessage) => {
          if (message.type === 'page') {
            page = message.page;
            clearTimeout(pageTimer);
            pageTimer = setTimeout(
              () => settle({ kind: 'page-timeout', page: page! }),
              readerLimits.pageTimeoutMs,
            );
          } else if (message.type === 'stage') {
            clearTimeout(pageTimer);
            onChunking().catch(() => undefined);
          } else if (message.type === 'done') {
            reusable = true;
            settle({ kind: 'result', result: message.result });
          } else if (message.type === 'batch-done') {
            reusable = true;
            settle({ kind: 'batch', results: message.results });
          } else if (message.type === 'failed') {
            reusable = true;
            settle({ kind: 'crashed', detail: `failed: ${message.message}` });
          }
        };
        const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
          if (outOfMemory(reader, signal)) settle({ kind: 'memory' });
          else settle({ kind: 'crashed', detail: `stopped (${signal ?? `exit code ${code}`})` });
        };
        child.on('message', onMessage);
        child.on('exit', onExit);
        child.send(request);
      });
      return outcome;
    } finally {
      if (reusable && !this.closing && reader.child.connected) this.idle.push(reader);
      else this.discard(reader);
    }
  }

  // Starts a reader for each ingest slot ahead of the first documents, one after another, so that
  // no document waits for one to load its modules: started on demand, the second slot's reader
  // made the first batch it read take 1 to 2 s instead of about 0.1 s while an import kept both
  // cores busy.
  async warm(readers: number) {
    while (this.all.size < readers && !this.closing) {
      const reader = this.spawn();
      this.warming = reader.ready
        .then((ok) => {
          if (!ok || !this.all.has(reader)) return;
          if (this.closing) this.discard(reader);
          else this.idle.push(reader);
        })
        .finally(() => (this.warming = undefined));
      await this.warming;
      if (!this.all.has(reader)) return;
    }
  }

  // Idle readers stop now; a reader still busy with a document stops once it is done, so a
  // graceful shutdown (which waits for running jobs) does not cut a document short.
  async close() {
    this.closing = true;
    for (const reader of this.idle.splice(0)) this.discard(reader);
  }

  private discard(reader: Reader) {
    this.all.delete(reader);
    const position = this.idle.indexOf(reader);
    if (position !== -1) this.idle.splice(position, 1);
    if (reader.child.exitCode === null && reader.child.signalCode === null) {
      reader.child.kill('SIGKILL');
    }
  }

  private spawn(): Reader {
    this.command ??= readerCommand();
    const child = fork(this.command.entry, [], {
      execArgv: this.command.execArgv,
      // Structured clone: the file's bytes travel as bytes, not as a JSON array of numbers.
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // The reader needs no secret of the server's (database URL, keys).
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        ASKWELL_READER_PARENT: String(process.pid),
        ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      },
    });
    const reader: Reader = { child, stderr: '', ready: Promise.resolve(false) };
    child.stderr?.on('data', (piece: Buffer) => {
      reader.stderr = (reader.stderr + piece.toString()).slice(-4096);
    });
    reader.ready = new Promise<boolean>((resolve) => {
      const onMessage = (message: PrepareMessage) => {
        if (message.type !== 'ready') return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(true);
      };
      const onExit = () => {
        child.off('message', onMessage);
        resolve(false);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
    // A spawn failure is reported through 'exit' as well; unheard, it would crash the server.
    child.on('error', () => undefined);
    // A reader that dies while idle leaves the pool.
    child.once('exit', () => this.discard(reader));
    // Idle readers must not keep a stopping server alive.
    child.unref();
    child.channel?.unref();
    (child.stderr as Socket | null)?.unref();
    this.all.add(reader);
    return reader;
  }
}
