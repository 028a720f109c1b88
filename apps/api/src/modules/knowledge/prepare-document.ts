import type { DocumentKind, ExtractionFailureCode } from '@askwell/shared';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NewChunk } from './knowledge.repository';

export type PreparedChunk = Pick<
  NewChunk,
  'ordinal' | 'heading' | 'text' | 'pageNumber' | 'url' | 'tokenCount'
> & { termsJson: string };
export type PrepareResult =
  | { ok: true; kind: DocumentKind; chunks: PreparedChunk[] }
  | { ok: false; code: ExtractionFailureCode; message: string };
export type PrepareRequest = { bytes: Uint8Array; name: string };
export type PrepareMessage =
  | { type: 'ready' }
  | { type: 'stage'; stage: 'chunking' }
  | { type: 'done'; result: PrepareResult }
  | { type: 'failed'; message: string };

// A document that takes longer than this is treated as a transient failure (the job retries).
const timeoutMs = 5 * 60_000;
// Reading a 10 MB PDF needs well under this; a thread that would need more fails the document.
const threadHeapMb = 192;

// The thread is TypeScript like the rest of the server; tsx registers itself inside the thread
// (the server runs under tsx, the tests under vitest, neither of which a new thread inherits).
function threadBootstrap() {
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(
    path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const entry = new URL('./prepare-document.thread.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
}

// A small pool of threads, reused from one document to the next (starting one costs about a
// second), one per ingest slot.
export class DocumentPreparer {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private bootstrap: string | undefined;
  private closing = false;
  private warming: Promise<void> | undefined;

  async prepare(
    bytes: Uint8Array,
    name: string,
    onChunking: () => Promise<unknown>,
  ): Promise<PrepareResult> {
    this.closing = false;
    // Two threads loading at once on a small machine take longer than one loaded after another.
    if (this.idle.length === 0 && this.warming) await this.warming;
    const worker = this.idle.pop() ?? this.spawn();
    let healthy = true;
    try {
      return await new Promise<PrepareResult>((resolve, reject) => {
        const timer = setTimeout(() => {
          healthy = false;
          reject(new Error('reading the document took too long'));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const onMessage = (message: PrepareMessage) => {
          if (message.type === 'ready') return;
          if (message.type === 'stage') {
            onChunking().catch(() => undefined);
            return;
          }
          cleanup();
          if (message.type === 'done') resolve(message.result);
          else reject(new Error(message.message));
        };
        const onError = (error: Error) => {
          healthy = false;
          cleanup();
          reject(error);
        };
        const onExit = (code: number) => {
          healthy = false;
          cleanup();
          reject(new Error(`the document thread stopped (exit code ${code})`));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        // The thread gets its own copy: the caller's buffer stays usable.
        const copy = new Uint8Array(bytes);
        worker.postMessage({ bytes: copy, name } satisfies PrepareRequest, [copy.buffer]);
      });
    } finally {
      if (healthy && !this.closing) this.idle.push(worker);
      else {
        this.all.delete(worker);
        void worker.terminate();
      }
    }
  }

  // Starts one thread ahead of the first document, so that upload does not wait for the thread
  // to load its modules.
  warm() {
    if (this.all.size > 0) return Promise.resolve();
    this.warming = this.load(this.spawn()).finally(() => (this.warming = undefined));
    return this.warming;
  }

  private async load(worker: Worker) {
    await new Promise<void>((resolve) => {
      const done = () => {
        worker.off('message', done);
        worker.off('error', done);
        resolve();
      };
      worker.on('message', done);
      worker.on('error', done);
    });
    if (!this.all.has(worker)) return;
    if (this.closing) {
      this.all.delete(worker);
      await worker.terminate();
    } else this.idle.push(worker);
  }

  // Idle threads stop now; a thread still reading a document stops once it is done, so a graceful
  // shutdown (which waits for running jobs) does not cut a document short.
  async close() {
    this.closing = true;
    const idle = this.idle.splice(0);
    for (const worker of idle) this.all.delete(worker);
    await Promise.all(idle.map((worker) => worker.terminate()));
  }

  private spawn() {
    this.bootstrap ??= threadBootstrap();
    // A bounded old generation makes the thread collect garbage early instead of growing towards
    // the default heap limit while it reads a large PDF: it keeps the server under its memory budget.
    const worker = new Worker(this.bootstrap, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: threadHeapMb },
    });
    // Idle threads must not keep a stopping process alive.
    worker.unref();
    // A thread that dies while idle leaves the pool (and must not crash the process).
    const forget = () => {
      this.all.delete(worker);
      const position = this.idle.indexOf(worker);
      if (position !== -1) this.idle.splice(position, 1);
    };
    worker.on('error', forget);
    worker.on('exit', forget);
    this.all.add(worker);
    return worker;
  }
}
