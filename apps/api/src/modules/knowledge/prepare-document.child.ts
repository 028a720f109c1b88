import { Worker } from 'node:worker_threads';
import type {
  PrepareBatchRequest,
  PrepareMessage,
  PrepareRequest,
  PrepareResult,
} from './prepare-document';

// The document reader: a child process of the server (see prepare-document.ts). Extraction
// (pdf.js and the other parsers), chunking and term counting run here, so a file that exhausts
// memory, loops or crashes a parser takes only this process down.

// A reader whose server died (even by SIGKILL) must not outlive it: a thread, which keeps running
// while a parser holds the main thread, ends the process once it has another parent than the
// server that started it. It starts before the parsers load (seconds on a busy machine), which is
// why they are imported below, not statically.
const watchdog = new Worker(
  `const parent = Number(process.env.ASKWELL_READER_PARENT) || process.ppid;
   const check = () => { if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL'); };
   check();
   setInterval(check, 500);`,
  { eval: true },
);
watchdog.unref();
process.on('disconnect', () => process.exit(0));

const [{ extractDocument }, { chunkSections, countWords }] = await Promise.all([
  import('./extraction/extract-document'),
  import('../retrieval/chunk-sections'),
]);

// Resolves once the message has left: a page announced right before pdf.js takes over the thread
// must reach the server, whose timer then knows which page never finished.
const send = (message: PrepareMessage) =>
  new Promise<void>((resolve) => {
    process.send!(message, undefined, {}, () => resolve());
  });

async function prepare(
  { bytes, name, skipPages }: PrepareRequest,
  announce: boolean,
): Promise<PrepareMessage> {
  const extracted = await extractDocument(bytes, name, {
    skipPages: new Set(skipPages),
    onPage: (page) => send({ type: 'page', page }),
  });
  if (!extracted.ok) {
    return {
      type: 'done',
      result: { ok: false, code: extracted.code, message: extracted.message },
    };
  }
  if (announce) await send({ type: 'stage', stage: 'chunking' });
  const chunks = chunkSections(extracted.sections).map((chunk) => ({
    ordinal: chunk.ordinal,
    heading: chunk.heading,
    text: chunk.text,
    pageNumber: chunk.page,
    url: chunk.url,
    tokenCount: countWords(chunk.text),
  }));
  return { type: 'done', result: { ok: true, kind: extracted.kind, chunks, notes: [] } };
}

// Small documents one after another in this process, answered together: one round trip instead
// of one per document. A document whose reading throws is answered null, and read again alone.
async function prepareBatch({ batch }: PrepareBatchRequest): Promise<PrepareMessage> {
  const results: Array<PrepareResult | null> = [];
  for (const { bytes, name } of batch) {
    const message = await prepare({ bytes, name, skipPages: [] }, false).catch(() => null);
    results.push(message?.type === 'done' ? message.result : null);
  }
  return { type: 'batch-done', results };
}

process.on('message', (request: PrepareRequest | PrepareBatchRequest) => {
  ('batch' in request ? prepareBatch(request) : prepare(request, true))
    .catch((error: unknown): PrepareMessage => ({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    }))
    .then(send)
    .catch(() => process.exit(1));
});
void send({ type: 'ready' });
