import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseEnv } from '../apps/api/src/config/env';
import { startDatabase } from '../apps/api/src/db/start-database';
import {
  evaluateRetrieval,
  type BeirDocument,
  type BeirQuery,
  type IndexingMode,
} from '../apps/api/src/modules/knowledge/retrieval-evaluation';
import { parseQrels } from '../apps/api/src/modules/knowledge/retrieval/ir-metrics';
import { repoRoot } from '../scripts/spawn-server';

const dataRoot = path.join(repoRoot, '../shared/testdata/retrieval');

const datasets = [
  { name: 'scifact', dir: 'scifact', queries: 'queries-train.jsonl', qrels: 'qrels/train.tsv' },
  ...['en', 'de', 'es'].map((language) => ({
    name: `xquad_${language}`,
    dir: `xquad/beir/${language}`,
    queries: 'queries.jsonl',
    qrels: 'qrels/test.tsv',
  })),
];

async function readJsonl<T>(file: string): Promise<T[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

// What `npm run eval:retrieval` does, for each target set: the corpus goes through the product's
// chunking and terms into PostgreSQL (embedded in a temp folder, or DATABASE_URL), and every
// judged query through the app's search. RETRIEVAL_MODE=document indexes one ingest run per
// document instead of in batches; RETRIEVAL_DATASETS=scifact,xquad_de picks sets.
export async function runRetrievalPipelineBenchmark() {
  const mode = (process.env.RETRIEVAL_MODE ?? 'batch') as IndexingMode;
  const only = process.env.RETRIEVAL_DATASETS?.split(',');
  const temporary = process.env.DATABASE_URL
    ? null
    : await mkdtemp(path.join(os.tmpdir(), 'askwell-bench-retrieval-'));
  const env = parseEnv(temporary ? { ...process.env, DATA_DIR: temporary } : process.env);
  const database = await startDatabase(env, pino({ level: 'warn' }, pino.destination(2)));
  const results: Record<string, Awaited<ReturnType<typeof evaluateRetrieval>>> = {};
  try {
    for (const dataset of datasets) {
      if (only && !only.includes(dataset.name)) continue;
      const dir = path.join(dataRoot, dataset.dir);
      results[dataset.name] = await evaluateRetrieval(database.db, {
        corpus: await readJsonl<BeirDocument>(path.join(dir, 'corpus.jsonl')),
        queries: await readJsonl<BeirQuery>(path.join(dir, dataset.queries)),
        qrels: parseQrels(await readFile(path.join(dir, dataset.qrels), 'utf8')),
        mode,
      });
    }
  } finally {
    await database.shutdown();
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
  return {
    targets: {
      scifact_ndcg_at_10: 0.7,
      xquad_recall_at_10: 0.95,
      scifact_index_seconds: 30,
      query_ms_p95: 50,
    },
    indexing: mode,
    load_average_1m: Number(os.loadavg()[0]!.toFixed(2)),
    results,
  };
}
