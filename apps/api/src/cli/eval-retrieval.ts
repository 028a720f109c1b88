import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseEnv } from '../config/env';
import { parseCommandLine } from './command-line';
import { startDatabase } from '../db/start-database';
import {
  evaluateRetrieval,
  type BeirDocument,
  type BeirQuery,
} from './evaluation/retrieval-evaluation';
import { parseQrels } from './evaluation/ir-metrics';

// `npm run eval:retrieval -- --corpus C.jsonl --queries Q.jsonl --qrels R.tsv` (BEIR files).
// Uses DATABASE_URL when set, otherwise an embedded PostgreSQL in a temporary folder; the last
// line printed is the JSON result.
const usage =
  'Usage: npm run eval:retrieval -- --corpus corpus.jsonl --queries queries.jsonl --qrels qrels.tsv [--per-document]';

const values = parseCommandLine(
  {
    options: {
      corpus: { type: 'string' },
      queries: { type: 'string' },
      qrels: { type: 'string' },
      // One ingest run per document, exactly as uploads are processed (slower: a transaction each).
      'per-document': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  },
  usage,
);
if (!values.corpus || !values.queries || !values.qrels) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

async function readJsonl<T>(file: string): Promise<T[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

const corpus = await readJsonl<BeirDocument>(values.corpus);
const queries = await readJsonl<BeirQuery>(values.queries);
const qrels = parseQrels(await readFile(values.qrels, 'utf8'));

const temporary = process.env.DATABASE_URL
  ? null
  : await mkdtemp(path.join(os.tmpdir(), 'askwell-eval-'));
const env = parseEnv(temporary ? { ...process.env, DATA_DIR: temporary } : process.env);
const logger = pino({ level: 'warn' }, pino.destination(2));
const database = await startDatabase(env, logger);
try {
  process.stderr.write(
    `Indexing ${corpus.length} documents, then asking ${queries.length} queries...\n`,
  );
  const result = await evaluateRetrieval(database.db, {
    corpus,
    queries,
    qrels,
    mode: values['per-document'] ? 'document' : 'batch',
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.shutdown();
  if (temporary) await rm(temporary, { recursive: true, force: true });
}
