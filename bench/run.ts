import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Benchmark = () => Promise<Record<string, unknown>>;

const benchmarks: Record<string, () => Promise<Benchmark>> = {
  http: async () => (await import('./http-health')).runHttpHealthBenchmark,
  chat: async () => (await import('./chat-api')).runChatApiBenchmark,
  'chat-ttft': async () => (await import('./chat-ttft')).runChatTtftBenchmark,
  pdf: async () => (await import('./pdf-extraction')).runPdfExtractionBenchmark,
  'pdf-upload': async () => (await import('./pdf-upload')).runPdfUploadBenchmark,
  retrieval: async () => (await import('./retrieval-pipeline')).runRetrievalPipelineBenchmark,
  ingest: async () => (await import('./ingest')).runIngestBenchmark,
  'retrieval-memory': async () => (await import('./retrieval-memory')).runRetrievalMemoryBenchmark,
  widget: async () => (await import('./widget-size')).runWidgetSizeBenchmark,
  soak: async () => (await import('./soak')).runSoakBenchmark,
  web: async () => (await import('./web-page')).runWebPageBenchmark,
  'widget-load': async () => (await import('./widget-load')).runWidgetLoadBenchmark,
  analytics: async () => (await import('./analytics')).runAnalyticsBenchmark,
  admin: async () => (await import('./admin')).runAdminBenchmark,
};

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const requested = process.argv.slice(2);
const names = requested.length > 0 ? requested : Object.keys(benchmarks);
const unknown = names.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark: ${unknown.join(', ')}. Available: ${Object.keys(benchmarks).join(', ')}\n`,
  );
  process.exit(2);
}

await mkdir(resultsDir, { recursive: true });
for (const name of names) {
  const run = await benchmarks[name]!();
  const result = { benchmark: name, at: new Date().toISOString(), ...(await run()) };
  // Later benchmarks compare themselves with earlier results (the http ceiling), so keep them.
  await writeFile(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
