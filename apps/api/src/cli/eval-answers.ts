import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { parseEnv } from '../config/env';
import { parseCommandLine, readInputFile, readJsonLines } from './command-line';
import { startDatabase } from '../db/start-database';
import { evaluateAnswers, type AnswerQuery } from './evaluation/answer-evaluation';
import type { BeirDocument } from './evaluation/retrieval-evaluation';
import { parseQrels } from './evaluation/ir-metrics';

// `npm run eval:answers -- --corpus C.jsonl --queries Q.jsonl --qrels R.tsv [--limit N]` (BEIR
// files). Uses DATABASE_URL when set, otherwise an embedded PostgreSQL in a temporary folder;
// uploaded files go to a temporary folder either way. The last line printed is the JSON result.
const usage =
  'Usage: npm run eval:answers -- --corpus corpus.jsonl --queries queries.jsonl --qrels qrels.tsv [--limit N]';

const values = parseCommandLine(
  {
    options: {
      corpus: { type: 'string' },
      queries: { type: 'string' },
      qrels: { type: 'string' },
      limit: { type: 'string' },
    },
    allowPositionals: true,
  },
  usage,
);
const limit = values.limit === undefined ? undefined : Number(values.limit);
if (
  !values.corpus ||
  !values.queries ||
  !values.qrels ||
  (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const corpus = await readJsonLines<BeirDocument>('corpus', values.corpus);
const queries = await readJsonLines<AnswerQuery>('queries', values.queries);
const qrels = parseQrels(await readInputFile('qrels', values.qrels));

const temporary = await mkdtemp(path.join(os.tmpdir(), 'askwell-eval-answers-'));
const env = parseEnv({ ...process.env, DATA_DIR: temporary });
const logger = pino({ level: 'warn' }, pino.destination(2));
const database = await startDatabase(env, logger);
try {
  process.stderr.write(
    `Uploading ${corpus.length} documents, then asking ${limit ?? 'all judged'} of ${queries.length} queries...\n`,
  );
  const result = await evaluateAnswers(
    { env, database, logger },
    { corpus, queries, qrels, limit },
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.shutdown();
  await rm(temporary, { recursive: true, force: true });
}
