import { parentPort } from 'node:worker_threads';
import { indexTerms } from './bot-index';
import { extractDocument } from './extraction/extract-document';
import type { PrepareRequest, PrepareMessage } from './prepare-document';
import { chunkSections } from './retrieval/chunk-sections';

// Runs in a worker thread: extraction (pdf.js and the other parsers), chunking and term counting
// are CPU work that would otherwise stall every HTTP request of the process for seconds.
const port = parentPort!;
port.postMessage({ type: 'ready' } satisfies PrepareMessage);
port.on('message', ({ bytes, name }: PrepareRequest) => {
  void (async () => {
    const reply = (message: PrepareMessage) => port.postMessage(message);
    try {
      const extracted = await extractDocument(bytes, name);
      if (!extracted.ok) {
        reply({
          type: 'done',
          result: { ok: false, code: extracted.code, message: extracted.message },
        });
        return;
      }
      reply({ type: 'stage', stage: 'chunking' });
      const chunks = chunkSections(extracted.sections).map((chunk) => {
        const { terms, tokenCount } = indexTerms(chunk.text, chunk.heading);
        // As JSON text: copying one string to the main thread is cheap, while copying thousands of
        // small term objects would stall it for seconds.
        return {
          ordinal: chunk.ordinal,
          heading: chunk.heading,
          text: chunk.text,
          pageNumber: chunk.page,
          url: chunk.url,
          termsJson: JSON.stringify(terms),
          tokenCount,
        };
      });
      reply({ type: 'done', result: { ok: true, kind: extracted.kind, chunks } });
    } catch (error) {
      reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
