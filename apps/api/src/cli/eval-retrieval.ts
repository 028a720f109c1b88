import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseEnv } from '../config/env';
import { parseCommandLine, readInputFile, readJsonLines } from './command-line';
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

const corpus = await readJsonLines<BeirDocument>('corpus', values.corpus);
const queries = await readJsonLines<BeirQuery>('queries', values.queries);
const qrels = parseQrels(await readInputFile('qrels', values.qrels));

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
